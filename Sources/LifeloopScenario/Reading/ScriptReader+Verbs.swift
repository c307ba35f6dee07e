import Foundation
import Yams

// A catalogue verb's step (``VerbCatalogue``): the step's value (and the step fields that
// are the verb's parameters) handed to the verb, its errors pointed at where the refused
// parameter is written.
extension ScriptReader {
    /// The verb's action for this step.
    func catalogueAction(_ verb: Verb, _ entry: FieldEntry, fields: FieldMap, animated: Bool) throws(ScenarioError) -> StepAction {
        let value = entry.value
        let given = try nodes.json(value)
        // Where each parameter is written, for errors and for text.
        var sources: [String: FieldValue] = [:]
        if case .mapping(let mapping) = value.node {
            for (key, node) in mapping { if case .scalar(let name) = key { sources[name.string] = value.child(name.string, node) } }
        } else if case .pair(let first, let second) = verb.spelling.bare {
            if case .sequence(let items) = value.node, items.count == 2 {
                sources[first] = value.item(0, items[0])
                sources[second] = value.item(1, items[1])
            }
        } else if let primary = verb.primary {
            sources[primary] = value
        }
        var members: [String: JSON]
        do {
            members = try verb.members(given)
        } catch {
            throw nodes.error(value, error.message)
        }
        for name in verb.spelling.stepFields {
            guard let field = fields[name] else { continue }
            members[name] = try nodes.json(field.value)
            sources[name] = field.value
        }
        // The parameters a scenario file writes by names of its own (`every:`, `then:`).
        var written: [String: String] = [:]
        for parameter in verb.parameters {
            let key = parameter.scenarioKey
            if key != parameter.name, let given = members.removeValue(forKey: key) {
                guard members[parameter.name] == nil else {
                    throw nodes.error(sources[key] ?? value, "\(verb.name) takes \(key) or \(parameter.name), not both")
                }
                members[parameter.name] = given
                sources[parameter.name] = sources[key]
                written[parameter.name] = key
                if let words = parameter.words {
                    guard case .string(let word) = given, let index = words.firstIndex(of: word) else {
                        throw nodes.error(sources[key] ?? value, "\(verb.name): '\(key)' is \(words.joined(separator: " or ")), not \(given.flowText.prefix(60))")
                    }
                    members[parameter.name] = .bool(index == 0)
                }
            }
            if parameter.isRequiredInScenario, members[parameter.name] == nil {
                throw nodes.error(value, "\(verb.name): '\(key)' is required: "
                                      + (parameter.words?.joined(separator: " or ") ?? parameter.summary))
            }
        }
        // A plain scalar written for text is that text, whatever it looks like (`push: 404`).
        for parameter in verb.parameters where parameter.kind == .text || isString(parameter.kind) {
            if members[parameter.name] != nil, let source = sources[parameter.name], case .scalar(let scalar) = source.node {
                members[parameter.name] = .string(scalar.string)
            }
        }
        do {
            return try verb.action(.object(members), animated: animated)
        } catch {
            var message = error.message
            if let name = error.parameter, let key = written[name] { message = message.replacingOccurrences(of: "'\(name)'", with: "'\(key)'") }
            throw nodes.error(place(of: error, in: sources, default: value), message)
        }
    }

    private func isString(_ kind: VerbParameter.Kind) -> Bool {
        if case .string = kind { return true }
        return false
    }

    /// Where a refused parameter (its item) is written; the step's value when it is not.
    private func place(of error: VerbError, in sources: [String: FieldValue], default value: FieldValue) -> FieldValue {
        guard !error.isMissing, let name = error.parameter, let source = sources[name] else { return value }
        if let index = error.index, case .sequence(let items) = source.node, index < items.count {
            return source.item(index, items[index])
        }
        return source
    }
}
