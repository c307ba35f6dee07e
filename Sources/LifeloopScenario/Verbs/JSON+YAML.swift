import Yams

extension NodeReader {
    /// A YAML value as a ``JSON``: plain scalars that read as numbers or booleans are
    /// those, quoted ones and any other text are strings.
    /// - Throws: ``ScenarioError`` at an alias or a map with a key that is not text.
    func json(_ value: FieldValue) throws(ScenarioError) -> JSON {
        switch value.node {
        case .scalar(let scalar):
            let text = scalar.string
            guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
            if text == "null" || text == "~" { return .null }
            if text.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true, let number = Double(text), number.isFinite {
                return .number(number)
            }
            return .string(text)
        case .sequence(let sequence):
            var items: [JSON] = []
            for (index, node) in sequence.enumerated() { items.append(try json(value.item(index, node))) }
            return .array(items)
        case .mapping(let mapping):
            var members: [String: JSON] = [:]
            for (keyNode, node) in mapping {
                guard case .scalar(let key) = keyNode else { throw error(keyNode, value.field, "a key here is text, not \(describe(keyNode))") }
                members[key.string] = try json(value.child(key.string, node))
            }
            return .object(members)
        case .alias:
            throw error(value, "aliases are not read here; write the value out")
        }
    }
}
