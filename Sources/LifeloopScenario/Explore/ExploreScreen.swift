import Lifeloop
import LifeloopCore

/// One settled screen as the crawler sees it: its structural signature, the controller
/// classes shown, a title, and the actions it offers.
public struct ExploreScreen: Codable, Sendable, Equatable {
    /// The structure that identifies the screen: the shown controllers' classes and the
    /// element tree's shape (types and nesting, runs of same-shaped siblings collapsed to
    /// one), never texts or positions, so a list of a thousand rows is one screen.
    public var signature: String
    /// A short stable digest of ``signature`` (FNV-1a, hexadecimal), for names and maps.
    public var id: String
    /// The classes of the controllers whose views are in a window, root first.
    public var controllers: [String]
    /// The top controller's title or trace label, for people.
    public var title: String
    /// What can be done here, each with a key that is the same for the same control on
    /// every visit (rows of one list share one key: one row stands for them all).
    public var actions: [Candidate]
    /// The trace labels of the controllers shown (with their serials), for leak checks.
    public var controllerLabels: [String]

    /// An action and its key on its screen.
    public struct Candidate: Codable, Sendable, Equatable {
        /// The same for the same control on every visit of the screen.
        public var key: String
        /// What to do.
        public var action: ExploreAction
        /// Whether the control has target-actions (or actions) registered for any event.
        public var targetAction = false
    }
}

/// Reads screens off an app: the worker's side of the crawl.
enum ScreenReader {
    /// The element types the crawler never acts on or counts: the keyboard comes and goes
    /// with focus and is not a screen of the app.
    static let ignoredTypes: Set<ElementType> = [.keyboard, .key]

    /// The controllers whose views are in a window, in hierarchy order.
    static func shownControllers(_ app: Application) -> [ViewController] {
        var result: [ViewController] = []
        func visit(_ controller: ViewController) {
            if controller.viewIfLoaded?.window != nil { result.append(controller) }
            for child in controller.children { visit(child) }
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                visit(presented)
            }
        }
        for window in app.windows where !window.isHidden {
            if let root = window.rootViewController { visit(root) }
        }
        return result
    }

    /// Every controller in the windows' hierarchies, shown or not (a tab not selected, a
    /// page under the top of a navigation stack).
    static func allControllers(_ app: Application) -> [ViewController] {
        var result: [ViewController] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ controller: ViewController) {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { return }
            result.append(controller)
            for child in controller.children { visit(child) }
            if let presented = controller.presentedViewController { visit(presented) }
        }
        for window in app.windows {
            if let root = window.rootViewController { visit(root) }
        }
        return result
    }

    /// The screen the app shows now.
    static func read(_ app: Application, seed: UInt64) -> ExploreScreen {
        let tree = app.elementTree()
        let controllers = shownControllers(app)
        let classes = controllers.map { String(describing: type(of: $0)) }
        let shape = Self.shape(of: tree)
        let signature = classes.joined(separator: ",") + "|" + shape
        let id = String(fnv1a(signature), radix: 16)
        let top = controllers.last
        let title = top.map { ($0.title?.isEmpty == false ? $0.title! : $0.traceLabel) } ?? "(no controller)"
        let actions = candidates(tree, app: app, seed: seed, screen: id)
        return ExploreScreen(signature: signature, id: id, controllers: classes, title: title, actions: actions,
                             controllerLabels: controllers.map(\.traceLabel))
    }

    /// FNV-1a of a text: the same on every machine and run (String's hashValue is not).
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// The tree's shape: `type(children…)`, with each run of same-shaped siblings written
    /// once, and the rows of a list (its cells, headers and the like) as their distinct shapes.
    static func shape(of tree: ElementTree) -> String {
        let elements = tree.elements
        var children = [[Int]](repeating: [], count: elements.count)
        for (index, element) in elements.enumerated() {
            if let parent = element.parent { children[parent].append(index) }
        }
        var memo = [String?](repeating: nil, count: elements.count)
        // Deepest first, so each element's children are done before it.
        for index in elements.indices.reversed() {
            let element = elements[index]
            guard !ignoredTypes.contains(element.type) else { memo[index] = ""; continue }
            let kids = children[index].compactMap { memo[$0] }.filter { !$0.isEmpty }
            var parts: [String] = []
            if [.table, .collectionView].contains(element.type) {
                var seen = Set<String>()
                for kid in kids where seen.insert(kid).inserted { parts.append(kid) }
            } else {
                for kid in kids where parts.last != kid { parts.append(kid) }
            }
            memo[index] = parts.isEmpty ? element.type.rawValue : element.type.rawValue + "(" + parts.joined(separator: " ") + ")"
        }
        return memo.first.flatMap { $0 } ?? ""
    }

    /// The types a tap acts on.
    static let tappable: Set<ElementType> = [.button, .backButton, .tab, .cell, .switch, .stepper]
    /// The types typed into.
    static let typable: Set<ElementType> = [.textField, .secureTextField, .searchField, .textView]
    /// The types swiped.
    static let swipable: Set<ElementType> = [.scrollView, .table, .collectionView]

    /// The actions of a screen, each once: the first shown row of a list stands for all.
    static func candidates(_ tree: ElementTree, app: Application, seed: UInt64, screen: String) -> [ExploreScreen.Candidate] {
        let elements = tree.elements
        var identifierCounts: [String: Int] = [:]
        var labelCounts: [String: Int] = [:]
        for element in elements {
            if !element.identifier.isEmpty { identifierCounts[element.identifier, default: 0] += 1 }
            if let label = element.viewLabel { labelCounts[label, default: 0] += 1 }
        }
        // The chain of types from the root: a control's place, without its texts.
        // Each with its place among its parent's children of its type (`button.2`), so
        // controls without identifier or label (tabs without titles) stay apart.
        var paths = [String](repeating: "", count: elements.count)
        var ordinals: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let parent = element.parent.map { paths[$0] } ?? ""
            let ordinal = ordinals[parent + "/" + element.type.rawValue, default: 0]
            ordinals[parent + "/" + element.type.rawValue] = ordinal + 1
            paths[index] = parent + "/" + element.type.rawValue + (element.type == .cell ? "" : ".\(ordinal)")
        }
        func reference(_ element: Element) -> (target: String?, point: [Double]?) {
            if !element.identifier.isEmpty, identifierCounts[element.identifier] == 1 { return ("#" + element.identifier, nil) }
            if element.id.part == 0, let label = element.viewLabel, !label.contains("#"), labelCounts[label] == 1 { return (label, nil) }
            if element.id.part == 0, element.type != .cell || element.isHittable {
                return (nil, [element.center.x, element.center.y].map { ($0 * 10).rounded() / 10 })
            }
            return (element.ref, nil)
        }
        var result: [ExploreScreen.Candidate] = []
        var keys = Set<String>()
        func add(_ key: String, _ action: ExploreAction, _ element: Element) {
            guard keys.insert(key).inserted else { return }
            let control = element.id.part == 0 ? app.view(forElement: element.id) as? Control : nil
            result.append(.init(key: key, action: action, targetAction: (control?.allControlEvents.rawValue ?? 0) != 0))
        }
        for (index, element) in elements.enumerated() {
            guard !ignoredTypes.contains(element.type), element.isEnabled, element.isVisible else { continue }
            // Inside a cell, the cell is the control.
            if element.type != .cell, let parent = element.parent, ancestors(of: parent, in: elements).contains(where: { elements[$0].type == .cell }) {
                continue
            }
            let name = !element.identifier.isEmpty ? "#" + element.identifier : (element.viewLabel.map { $0.contains("#") ? "" : $0 } ?? "")
            if element.type == .backButton {
                add("back", ExploreAction(verb: "back"), element)
            } else if element.type == .cell, element.isHittable {
                // One row of each list stands for all its rows.
                let (target, point) = reference(element)
                add("cell:" + paths[index], ExploreAction(verb: "tap", target: target, point: point), element)
            } else if tappable.contains(element.type), element.isHittable {
                let (target, point) = reference(element)
                add("tap:" + paths[index] + ":" + name + ":" + element.label, ExploreAction(verb: "tap", target: target, point: point), element)
            } else if element.type == .other, element.id.part == 0, element.isHittable,
                      app.view(forElement: element.id)?.tapAction != nil {
                // A storyboard view with an action of its own (`segue:…`, `back`).
                let (target, point) = reference(element)
                add("tap:" + paths[index] + ":" + name, ExploreAction(verb: "tap", target: target, point: point), element)
            } else if typable.contains(element.type), element.isHittable {
                let (target, _) = reference(element)
                let view = app.view(forElement: element.id)
                let text = SeedText.text(for: view, seed: seed, key: screen + paths[index] + name)
                add("type:" + paths[index] + ":" + name, ExploreAction(verb: "type", target: target ?? element.ref, text: text), element)
            } else if swipable.contains(element.type), element.frame.size.height > 80 {
                let x = (element.frame.midX * 10).rounded() / 10
                let top = element.frame.minY + element.frame.size.height * 0.25
                let bottom = element.frame.minY + element.frame.size.height * 0.75
                let steps = 6
                let path = (0...steps).map { step -> [Double] in
                    [x, ((bottom - (bottom - top) * Double(step) / Double(steps)) * 10).rounded() / 10]
                }
                add("swipe:" + paths[index] + ":" + name, ExploreAction(verb: "drag", path: path), element)
            }
        }
        return result
    }

    /// The indices of an element's ancestors, nearest first.
    private static func ancestors(of index: Int, in elements: [Element]) -> [Int] {
        var result: [Int] = []
        var current: Int? = index
        while let at = current {
            result.append(at)
            current = elements[at].parent
        }
        return result
    }
}
