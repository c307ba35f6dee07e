import Foundation
import Lifeloop

/// A query's steps, as XCUITest chains them: from the application, descendants or
/// children of a type, filtered by identifier, predicate or what they contain, then, for an
/// element, one match picked. Evaluated anew on every use (queries are lazy in XCUITest).
indirect enum QueryChain {
    case application
    case descendants(QueryChain, XCUIElement.ElementType)
    case children(QueryChain, XCUIElement.ElementType)
    case matching(QueryChain, QueryFilter)
    case containing(QueryChain, QueryFilter)
    /// `element(boundBy:)`.
    case bound(QueryChain, Int)
    /// `firstMatch`.
    case first(QueryChain)
    /// `element` and the subscript: exactly one match expected.
    case only(QueryChain)

    /// The matches' indices in the context's tree, in accessibility order.
    func evaluate(in context: QueryContext) throws -> [Int] {
        let tree = context.tree
        switch self {
        case .application:
            return tree.elements.isEmpty ? [] : [0]
        case .descendants(let base, let type):
            let bases = try base.evaluate(in: context)
            var taken = [Bool](repeating: false, count: tree.elements.count)
            for index in bases {
                for inner in tree.descendants(of: index) where type.matches(tree.elements[inner].type) { taken[inner] = true }
            }
            return context.order.filter { taken[$0] }
        case .children(let base, let type):
            let bases = Set(try base.evaluate(in: context))
            return context.order.filter { index in
                tree.elements[index].parent.map(bases.contains) == true && type.matches(tree.elements[index].type)
            }
        case .matching(let base, let filter):
            return try base.evaluate(in: context).filter { try filter.accepts(tree.elements[$0], screen: context.screen) }
        case .containing(let base, let filter):
            return try base.evaluate(in: context).filter { index in
                try tree.descendants(of: index).contains { try filter.accepts(tree.elements[$0], screen: context.screen) }
            }
        case .bound(let base, let position):
            let matches = try base.evaluate(in: context)
            return position >= 0 && position < matches.count ? [matches[position]] : []
        case .first(let base):
            return Array(try base.evaluate(in: context).prefix(1))
        case .only(let base):
            return try base.evaluate(in: context)
        }
    }

    /// The type the chain last asked for (`.any` when none).
    var elementType: XCUIElement.ElementType {
        switch self {
        case .application: return .application
        case .descendants(_, let type), .children(_, let type): return type
        case .matching(let base, let filter):
            if case .type(let type, _) = filter, type != .any { return type }
            return base.elementType
        case .containing(let base, _), .bound(let base, _), .first(let base), .only(let base): return base.elementType
        }
    }

    /// How XCUITest describes an element of this chain: `"Add" Button`, `Cell (First Match)`.
    func elementDescription(appName: String) -> String {
        switch self {
        case .application: return "Application '\(appName)'"
        case .only(let base): return base.matchDescription
        case .first(let base): return base.matchDescription + " (First Match)"
        case .bound(let base, let position): return base.matchDescription + " (Element at index \(position))"
        default: return matchDescription
        }
    }

    /// `"Add" Button`, `Button matching predicate 'label BEGINSWITH "Item"'`.
    private var matchDescription: String {
        let type = elementType == .any ? "Element" : elementType.description
        switch self {
        case .matching(_, .identifier(let name)): return "\"\(name)\" \(type)"
        case .matching(_, .type(_, let name?)): return "\"\(name)\" \(type)"
        case .matching(_, .predicate(let predicate)): return "\(type) matching predicate '\(QueryFilter.format(of: predicate))'"
        case .containing(_, let filter): return "\(type) containing \(filter.description)"
        default: return type
        }
    }

    /// XCUITest's query chain, one step a line (`Find: Descendants matching type Button`).
    func steps(appName: String) -> [String] {
        switch self {
        case .application: return ["Find: Target Application '\(appName)'"]
        case .descendants(let base, let type): return base.steps(appName: appName) + ["Find: Descendants matching type \(type)"]
        case .children(let base, let type): return base.steps(appName: appName) + ["Find: Children matching type \(type)"]
        case .matching(let base, let filter): return base.steps(appName: appName) + ["Find: Elements matching \(filter.description)"]
        case .containing(let base, let filter): return base.steps(appName: appName) + ["Find: Elements containing elements matching \(filter.description)"]
        case .bound(let base, let position): return base.steps(appName: appName) + ["Find: Element at index \(position)"]
        case .first(let base): return base.steps(appName: appName) + ["Find: First Match"]
        case .only(let base): return base.steps(appName: appName)
        }
    }
}

/// What a `matching` or `containing` step keeps.
enum QueryFilter: CustomStringConvertible {
    /// XCUITest's identifier match: the accessibility identifier or the label.
    case identifier(String)
    /// A type, and an identifier when given.
    case type(XCUIElement.ElementType, identifier: String?)
    /// A predicate on the element's attributes.
    case predicate(NSPredicate)

    func accepts(_ element: Element, screen: Size) throws -> Bool {
        switch self {
        case .identifier(let name):
            return element.identifier == name || element.label == name
        case .type(let type, let name):
            return type.matches(element.type) && (name.map { element.identifier == $0 || element.label == $0 } ?? true)
        case .predicate(let predicate):
            if let error = PredicateFormats.lookup(predicate)?.error { throw QueryFailure(message: error) }
            return predicate.evaluate(with: ElementAttributes(element, screen: screen))
        }
    }

    var description: String {
        switch self {
        case .identifier(let name): return "predicate '\"\(name)\" IN identifiers'"
        case .type(let type, let name): return "type \(type)" + (name.map { " and identifier '\($0)'" } ?? "")
        case .predicate(let predicate): return "predicate '\(Self.format(of: predicate))'"
        }
    }

    /// The format a predicate was made from (`BLOCKPREDICATE` for one made from a closure).
    static func format(of predicate: NSPredicate) -> String {
        PredicateFormats.lookup(predicate)?.format ?? "BLOCKPREDICATE"
    }
}

/// A tree as queries read it: its elements in accessibility order, as XCUITest numbers
/// them (`element(boundBy:)`, `firstMatch`): depth first, each element's children from top
/// to bottom, then left to right, as UIKit orders a view's accessibility elements by their
/// frames (the tree itself is in subview order, back to front).
struct QueryContext {
    let tree: ElementTree
    let screen: Size
    /// The tree's indices in accessibility order.
    let order: [Int]

    init(tree: ElementTree, screen: Size) {
        self.tree = tree
        self.screen = screen
        let elements = tree.elements
        var children = [[Int]](repeating: [], count: elements.count)
        for index in elements.indices { if let parent = elements[index].parent { children[parent].append(index) } }
        var order: [Int] = []
        order.reserveCapacity(elements.count)
        var stack = elements.isEmpty ? [] : [0]
        while let index = stack.popLast() {
            order.append(index)
            let sorted = children[index].enumerated().sorted { a, b in
                let x = elements[a.element].frame, y = elements[b.element].frame
                if x.minY != y.minY { return x.minY < y.minY }
                if x.minX != y.minX { return x.minX < y.minX }
                return a.offset < b.offset
            }
            stack.append(contentsOf: sorted.reversed().map(\.element))
        }
        self.order = order
    }
}

/// A query that cannot be evaluated (a predicate format that could not be read).
struct QueryFailure: Error {
    let message: String
}
