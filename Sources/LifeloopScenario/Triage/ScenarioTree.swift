import Yams

/// A scenario file's YAML as a plain tree that can be edited and written back as a valid
/// scenario file (block YAML): what ``ScenarioShrinker`` cuts down. Comments are not kept.
public indirect enum ScenarioTree: Sendable, Hashable {
    /// A scalar and whether it was written plain (unquoted) in the file.
    case scalar(String, plain: Bool)
    /// A map, its keys in file order.
    case map([Entry])
    /// A list.
    case list([ScenarioTree])

    /// One key of a map and its value.
    public struct Entry: Sendable, Hashable {
        /// The key.
        public var key: String
        /// Its value.
        public var value: ScenarioTree

        /// An entry of `key` and `value`.
        public init(key: String, value: ScenarioTree) {
            self.key = key
            self.value = value
        }
    }

    /// The tree of a scenario's text.
    /// - Throws: ``ScenarioError`` naming the file for text that is not YAML, or that uses
    ///   aliases or keys that are not names (which a scenario never needs).
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> ScenarioTree {
        if let bomb = YAMLBombGuard.check(text) {
            throw ScenarioError(file: file, line: bomb.line, column: bomb.column, field: "", message: bomb.message)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch {
            throw ScenarioError(file: file, field: "", message: "cannot read the file as YAML: \(error)")
        }
        guard let root else { throw ScenarioError(file: file, field: "", message: "the file is empty") }
        return try tree(root, file: file)
    }

    private static func tree(_ node: Node, file: String) throws(ScenarioError) -> ScenarioTree {
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, plain: scalar.style == .plain || scalar.style == .any)
        case .sequence(let sequence):
            var items: [ScenarioTree] = []
            for item in sequence { items.append(try tree(item, file: file)) }
            return .list(items)
        case .mapping(let mapping):
            var entries: [Entry] = []
            for (key, value) in mapping {
                guard case .scalar(let name) = key else {
                    throw ScenarioError(file: file, line: key.mark?.line, column: key.mark?.column, field: "",
                                        message: "a key is not a name")
                }
                entries.append(Entry(key: name.string, value: try tree(value, file: file)))
            }
            return .map(entries)
        case .alias:
            throw ScenarioError(file: file, line: node.mark?.line, column: node.mark?.column, field: "",
                                message: "YAML aliases cannot be shrunk; write the value out")
        }
    }

    // MARK: Reading and editing

    /// The value under `key` of a map; nil for a missing key or a tree that is not a map.
    public subscript(key: String) -> ScenarioTree? {
        get {
            guard case .map(let entries) = self else { return nil }
            return entries.first { $0.key == key }?.value
        }
        set {
            guard case .map(var entries) = self else { return }
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
            self = .map(entries)
        }
    }

    /// One step of a path into a tree: a map's key or a list's index.
    public enum PathComponent: Sendable, Hashable {
        /// A map's key.
        case key(String)
        /// A list's index.
        case index(Int)
    }

    /// The value at `path`; nil where the path leads nowhere. Setting nil removes a map's
    /// key; setting a path that leads nowhere does nothing.
    public subscript(path: [PathComponent]) -> ScenarioTree? {
        get {
            var node: ScenarioTree? = self
            for component in path {
                switch component {
                case .key(let key): node = node?[key]
                case .index(let index):
                    guard case .list(let items)? = node, index >= 0, index < items.count else { return nil }
                    node = items[index]
                }
            }
            return node
        }
        set {
            guard let first = path.first else {
                if let newValue { self = newValue }
                return
            }
            let rest = Array(path.dropFirst())
            switch first {
            case .key(let key):
                if rest.isEmpty { self[key] = newValue; return }
                guard var child = self[key] else { return }
                child[rest] = newValue
                self[key] = child
            case .index(let index):
                guard case .list(var items) = self, index >= 0, index < items.count else { return }
                if rest.isEmpty {
                    if let newValue { items[index] = newValue } else { items.remove(at: index) }
                } else {
                    items[index][rest] = newValue
                }
                self = .list(items)
            }
        }
    }

    /// The items of a list, or the entries of a map as one-entry maps; empty otherwise.
    public var count: Int {
        switch self {
        case .list(let items): return items.count
        case .map(let entries): return entries.count
        case .scalar: return 0
        }
    }

    /// The same list or map keeping only the items (entries) at `indexes`, in order.
    public func keeping(_ indexes: [Int]) -> ScenarioTree {
        switch self {
        case .list(let items): return .list(indexes.map { items[$0] })
        case .map(let entries): return .map(indexes.map { entries[$0] })
        case .scalar: return self
        }
    }

    // MARK: Writing

    /// The tree as block YAML, a scenario file when the tree is one.
    public var yaml: String {
        switch self {
        case .scalar: return Self.inline(self)! + "\n"
        default: return lines(indent: 0).joined(separator: "\n") + "\n"
        }
    }

    private func lines(indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        switch self {
        case .scalar:
            return [pad + Self.inline(self)!]
        case .map(let entries):
            if entries.isEmpty { return [pad + "{}"] }
            var out: [String] = []
            for entry in entries {
                let key = Self.text(entry.key, plain: true)
                if let value = Self.inline(entry.value) {
                    out.append(value.isEmpty ? "\(pad)\(key):" : "\(pad)\(key): \(value)")
                } else {
                    out.append("\(pad)\(key):")
                    out += entry.value.lines(indent: indent + 2)
                }
            }
            return out
        case .list(let items):
            if items.isEmpty { return [pad + "[]"] }
            var out: [String] = []
            for item in items {
                if let value = Self.inline(item) {
                    out.append("\(pad)- \(value)")
                } else {
                    var nested = item.lines(indent: indent + 2)
                    nested[0] = pad + "- " + nested[0].dropFirst(indent + 2)
                    out += nested
                }
            }
            return out
        }
    }

    /// A scalar or an empty list or map on one line; nil for anything else.
    private static func inline(_ tree: ScenarioTree) -> String? {
        switch tree {
        case .scalar(let string, let plain): return text(string, plain: plain)
        case .map(let entries): return entries.isEmpty ? "{}" : nil
        case .list(let items): return items.isEmpty ? "[]" : nil
        }
    }

    /// The scalar as written: plain when it was and reads back the same in block context,
    /// else double-quoted with JSON's escapes (which YAML reads the same).
    private static func text(_ string: String, plain: Bool) -> String {
        if plain, isSafePlain(string) { return string }
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func isSafePlain(_ string: String) -> Bool {
        if string.isEmpty { return true }
        guard let first = string.first, let last = string.last else { return false }
        if first == " " || last == " " { return false }
        if "#&*!|>'\"%@`{[?:,]}".contains(first) { return false }
        if first == "-", string.count == 1 || string.dropFirst().first == " " { return false }
        if string.contains(": ") || string.contains(" #") || string.hasSuffix(":") { return false }
        return !string.contains { $0.isNewline || $0 == "\t" }
    }
}
