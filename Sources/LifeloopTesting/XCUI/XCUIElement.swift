import Foundation
import Lifeloop

/// An element of the app's UI, as XCUITest's `XCUIElement`: a query that resolves lazily.
///
/// Every property and action finds the element again in the app's element tree as it is
/// now (Lifeloop's `Application.elementTree()`), so an element made before the app changed
/// answers for the app after the change. One that matches nothing does not exist
/// (``exists`` is false); reading its attributes or acting on it fails the test with
/// XCUITest's "No matches found for …", and one that matches several fails with "Multiple
/// matching elements found for …" (``exists`` is true then). Failures go to the test's
/// failure reporter (Swift Testing's issue or `XCTFail`) at the line that made the element,
/// or that called the action; the test goes on.
///
/// Like the app it belongs to, an element is used on the thread that launched the app.
public class XCUIElement: XCUIElementTypeQueryProvider, XCUIElementAttributes, CustomDebugStringConvertible {
    /// The steps that find it.
    let chain: QueryChain
    /// Where it was made: where failures of its properties are reported.
    let site: CallSite
    private let storedApplication: XCUIApplication?

    init(application: XCUIApplication?, chain: QueryChain, site: CallSite) {
        storedApplication = application
        self.chain = chain
        self.site = site
    }

    /// The app it belongs to.
    var application: XCUIApplication { storedApplication ?? (self as! XCUIApplication) }

    /// How XCUITest names it in messages: `"Add" Button`.
    var elementDescription: String { chain.elementDescription(appName: application.appName) }

    // MARK: Resolving

    /// What the chain finds now.
    enum Resolved {
        case unavailable(String)
        case matches(XCUIAppSession, ElementTree, [Int])
    }

    func resolve() -> Resolved {
        guard let session = application.session, session.isRunning else { return .unavailable("the app is not running") }
        guard session.isOnThread else {
            return .unavailable("the app runs on the thread that launched it; this call came from another thread")
        }
        let tree = session.app.elementTree()
        do {
            return .matches(session, tree, try chain.evaluate(in: QueryContext(tree: tree, screen: session.app.mainScreen.size)))
        } catch let failure as QueryFailure {
            return .unavailable(failure.message)
        } catch {
            return .unavailable("\(error)")
        }
    }

    /// The one element found now, or nil after reporting why not at `site`.
    func resolveOne(_ what: String, at site: CallSite) -> (session: XCUIAppSession, tree: ElementTree, index: Int)? {
        switch resolve() {
        case .unavailable(let reason):
            report("\(what) \(elementDescription): \(reason)", at: site)
            return nil
        case .matches(let session, let tree, let matches):
            if matches.count == 1 { return (session, tree, matches[0]) }
            if matches.isEmpty {
                report("\(what) \(elementDescription): No matches found for \(elementDescription)" + candidates(in: tree), at: site)
            } else {
                let listed = matches.prefix(12).map { Self.describe(tree.elements[$0]) }.joined(separator: ", ")
                report("\(what) \(elementDescription): Multiple matching elements found for \(elementDescription): \(listed)"
                       + (matches.count > 12 ? ", …" : ""), at: site)
            }
            return nil
        }
    }

    /// The elements of the type asked for that are there, for a message about a missing one.
    private func candidates(in tree: ElementTree) -> String {
        let type = chain.elementType
        let near = tree.elements.filter { ($0.type != .application && (type == .any || type.matches($0.type))) && !($0.label.isEmpty && $0.identifier.isEmpty) }
        guard !near.isEmpty else { return "; the app shows no \(type == .any ? "element" : type.description) with a label or identifier" }
        return "; \(type == .any ? "elements" : type.description + " elements") shown: "
            + near.prefix(12).map(Self.describe).joined(separator: ", ") + (near.count > 12 ? ", …" : "")
    }

    /// `Button 'Add'`, `Cell 'Item 1' #row1`.
    static func describe(_ element: Element) -> String {
        var text = ElementType(element.type).description
        if !element.label.isEmpty { text += " '\(element.label)'" }
        if !element.identifier.isEmpty && element.identifier != element.label { text += " #\(element.identifier)" }
        return text
    }

    /// Sends a failure to the app's reporter.
    func report(_ message: String, at site: CallSite) {
        application.reporter.fail(message, at: site)
    }

    /// The element's attributes now, or nil after a reported failure.
    func attributes(_ name: String) -> Element? {
        resolveOne("Failed to get \(name) of", at: site).map { $0.tree.elements[$0.index] }
    }

    // MARK: State

    /// Whether the element is in the app's UI now (one or more matches).
    public var exists: Bool {
        if case .matches(_, _, let matches) = resolve() { return !matches.isEmpty }
        return false
    }

    /// Whether a tap at the element's centre reaches it now.
    public var isHittable: Bool { attributes("hittability")?.isHittable ?? false }

    /// `accessibilityIdentifier`.
    public var identifier: String { attributes("identifier")?.identifier ?? "" }

    /// The frame, in screen coordinates.
    public var frame: CGRect { attributes("frame")?.screenFrame ?? .zero }

    /// `accessibilityValue` as a string (a text field's text or placeholder, `"1"` for a
    /// switch that is on, `"50%"` for a slider), or nil.
    public var value: Any? { attributes("value")?.value }

    /// Empty: iOS elements have no title, in XCUITest too.
    public var title: String { attributes("title").map { _ in "" } ?? "" }

    /// `accessibilityLabel`, or the default UIKit derives (a button's title, a label's text,
    /// a cell's labels joined with ", ").
    public var label: String { attributes("label")?.label ?? "" }

    /// What the element is.
    public var elementType: ElementType { attributes("type").map { ElementType($0.type) } ?? .any }

    /// Whether it takes input.
    public var isEnabled: Bool { attributes("enabled state")?.isEnabled ?? false }

    /// Whether it is selected.
    public var isSelected: Bool { attributes("selected state")?.isSelected ?? false }

    /// Whether it has keyboard focus (a text field being edited).
    public var hasFocus: Bool { attributes("focus")?.isFocused ?? false }

    /// A text field's or search field's placeholder, or nil.
    public var placeholderValue: String? { attributes("placeholder value")?.placeholder }

    /// The horizontal size class of the app's screen.
    public var horizontalSizeClass: SizeClass {
        guard let session = application.session, session.isRunning else { return .unspecified }
        let size = session.app.mainScreen.size
        return size.width > size.height || size.width >= 700 ? .regular : .compact
    }

    /// The vertical size class of the app's screen.
    public var verticalSizeClass: SizeClass {
        guard let session = application.session, session.isRunning else { return .unspecified }
        return session.app.mainScreen.size.height < 500 ? .compact : .regular
    }

    // MARK: Queries

    /// The elements of `type` anywhere inside this one.
    public func descendants(matching type: ElementType) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .descendants(chain, type), site: site)
    }

    /// The elements of `type` directly inside this one.
    public func children(matching type: ElementType) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .children(chain, type), site: site)
    }

    // MARK: Description

    /// XCUITest's description: the element's attributes, its subtree, the path to it from
    /// the application, and the query chain; or why it cannot be found.
    public var debugDescription: String {
        switch resolve() {
        case .unavailable(let reason):
            return "\(elementDescription): \(reason)"
        case .matches(_, let tree, let matches):
            guard matches.count == 1, let index = matches.first else {
                return "\(elementDescription): \(matches.isEmpty ? "No matches found" : "Multiple matching elements found (\(matches.count))")"
                    + "\nQuery chain:\n" + queryChainText
            }
            var lines = ["Attributes: " + Self.line(for: tree.elements[index]), "Element subtree:"]
            let base = tree.elements[index].depth
            lines.append(" →" + Self.line(for: tree.elements[index]))
            for inner in tree.descendants(of: index) {
                lines.append(String(repeating: "  ", count: tree.elements[inner].depth - base) + " " + Self.line(for: tree.elements[inner]))
            }
            var path: [Int] = []
            var current: Int? = index
            while let position = current { path.insert(position, at: 0); current = tree.elements[position].parent }
            lines.append("Path to element:")
            for (depth, position) in path.enumerated() {
                lines.append(String(repeating: "  ", count: depth) + (depth == 0 ? " →" : " ↳") + Self.line(for: tree.elements[position]))
            }
            lines.append("Query chain:")
            return (lines + [queryChainText]).joined(separator: "\n")
        }
    }

    private var queryChainText: String {
        chain.steps(appName: application.appName).enumerated().map { depth, step in
            String(repeating: "  ", count: depth) + (depth == 0 ? " →" : " ↳") + step
        }.joined(separator: "\n")
    }

    /// `Button, e12, {{20.0, 100.0}, {100.0, 44.0}}, identifier: 'save', label: 'Save'`.
    static func line(for element: Element) -> String {
        let frame = element.screenFrame
        var text = "\(ElementType(element.type)), \(element.id), {{\(frame.minX), \(frame.minY)}, {\(frame.width), \(frame.height)}}"
        if !element.identifier.isEmpty { text += ", identifier: '\(element.identifier)'" }
        if !element.label.isEmpty { text += ", label: '\(element.label)'" }
        if let placeholder = element.placeholder { text += ", placeholderValue: '\(placeholder)'" }
        if let value = element.value { text += ", value: \(value)" }
        if element.isSelected { text += ", Selected" }
        if !element.isEnabled { text += ", Disabled" }
        if element.isFocused { text += ", Focused" }
        return text
    }
}
