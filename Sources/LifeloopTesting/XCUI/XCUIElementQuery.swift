import Foundation
import Lifeloop

/// A lazy query for elements, as XCUITest's `XCUIElementQuery`: `app.buttons`,
/// `app.tables.cells`, `app.staticTexts.matching(predicate)`.
///
/// Nothing is looked up until an element of it is used or ``count`` is read, and then in
/// the app as it is at that moment.
public final class XCUIElementQuery: XCUIElementTypeQueryProvider, CustomDebugStringConvertible {
    let application: XCUIApplication
    let chain: QueryChain
    let site: CallSite

    init(application: XCUIApplication, chain: QueryChain, site: CallSite) {
        self.application = application
        self.chain = chain
        self.site = site
    }

    // MARK: Elements

    /// The one element the query matches; using it fails when it matches none or several.
    public var element: XCUIElement {
        XCUIElement(application: application, chain: .only(chain), site: site)
    }

    /// The first element the query matches (in the order of the app's tree: a parent before
    /// its children, back to front).
    public var firstMatch: XCUIElement {
        XCUIElement(application: application, chain: .first(chain), site: site)
    }

    /// The element the query matches at `index`, in tree order.
    public func element(boundBy index: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                        line: UInt = #line, column: UInt = #column) -> XCUIElement {
        XCUIElement(application: application, chain: .bound(chain, index),
                    site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The one element the query matches whose accessibility identifier, or label, is
    /// `identifier`, as XCUITest's subscript matches.
    public subscript(_ identifier: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                     line: UInt = #line, column: UInt = #column) -> XCUIElement {
        XCUIElement(application: application, chain: .only(.matching(chain, .identifier(identifier))),
                    site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The one element that matches `predicate`.
    public func element(matching predicate: NSPredicate) -> XCUIElement {
        XCUIElement(application: application, chain: .only(.matching(chain, .predicate(predicate))), site: site)
    }

    /// The one element of `elementType` (and `identifier`, when given).
    public func element(matching elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElement {
        XCUIElement(application: application, chain: .only(.matching(chain, .type(elementType, identifier: identifier))), site: site)
    }

    /// How many elements the query matches now (0 when the app is not running).
    public var count: Int {
        if case .matches(_, _, let matches) = XCUIElement(application: application, chain: chain, site: site).resolve() {
            return matches.count
        }
        return 0
    }

    /// An element for each match now, bound by its index.
    public var allElementsBoundByIndex: [XCUIElement] {
        (0..<count).map { XCUIElement(application: application, chain: .bound(chain, $0), site: site) }
    }

    /// As ``allElementsBoundByIndex`` (Lifeloop's elements are found by index only).
    public var allElementsBoundByAccessibilityElement: [XCUIElement] { allElementsBoundByIndex }

    // MARK: Refining

    /// The matches whose accessibility identifier, or label, is `identifier`.
    public func matching(identifier: String) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .matching(chain, .identifier(identifier)), site: site)
    }

    /// The matches of `elementType` (and `identifier`, when given).
    public func matching(_ elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .matching(chain, .type(elementType, identifier: identifier)), site: site)
    }

    /// The matches that satisfy `predicate` (see `NSPredicate(format:)` for the forms read).
    public func matching(_ predicate: NSPredicate) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .matching(chain, .predicate(predicate)), site: site)
    }

    /// The matches that contain an element satisfying `predicate`.
    public func containing(_ predicate: NSPredicate) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .containing(chain, .predicate(predicate)), site: site)
    }

    /// The matches that contain an element of `elementType` (and `identifier`, when given).
    public func containing(_ elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .containing(chain, .type(elementType, identifier: identifier)), site: site)
    }

    /// The elements of `type` inside the matches.
    public func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .descendants(chain, type), site: site)
    }

    /// The elements of `type` directly inside the matches.
    public func children(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        XCUIElementQuery(application: application, chain: .children(chain, type), site: site)
    }

    // MARK: Description

    /// The query chain and what it matches now, one element a line.
    public var debugDescription: String {
        let steps = chain.steps(appName: application.appName).enumerated().map { depth, step in
            String(repeating: "  ", count: depth) + (depth == 0 ? " →" : " ↳") + step
        }
        switch XCUIElement(application: application, chain: chain, site: site).resolve() {
        case .unavailable(let reason):
            return (["Query chain:"] + steps + ["Output: \(reason)"]).joined(separator: "\n")
        case .matches(_, let tree, let matches):
            let output = matches.map { "  " + XCUIElement.line(for: tree.elements[$0]) }
            return (["Query chain:"] + steps + ["Output: {"] + output + ["}"]).joined(separator: "\n")
        }
    }
}
