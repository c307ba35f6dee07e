import LifeloopScenario

/// The MCP tools made from the verb catalogue (``VerbCatalogue``): one tool a verb, its
/// schema from the verb's parameters, its arguments checked by the verb before anything
/// runs, sent to the daemon as the verb's method; and `batch`, several tool calls in one.
extension MCPTools {
    static let verbTools: [MCPTool] = VerbCatalogue.verbs.compactMap { verb in
        guard case .own(let name) = verb.tool else { return nil }
        return tool(verb, name: name)
    } + [batchTool]

    /// The tool of one verb.
    private static func tool(_ verb: Verb, name: String) -> MCPTool {
        var properties: [String: JSON] = ["app": appArgument, "window": ["type": "string", "description": "The window of a point (default the key window)"]]
        for parameter in verb.parameters { properties[parameter.name] = schema(parameter) }
        // The tool's name read as words: "Memory warning" for memory_warning.
        let words = name.replacingOccurrences(of: "_", with: " ")
        let title = words.prefix(1).uppercased() + words.dropFirst()
        return MCPTool(name: name, title: title,
                       description: verb.summary + " Settles and returns the settled diff.",
                       properties: properties.merging(settleArguments) { $1 },
                       required: verb.parameters.filter(\.isRequired).map(\.name), output: caused) { server, params in
            try run(verb, server, params)
        }
    }

    /// A parameter's JSON schema.
    static func schema(_ parameter: VerbParameter) -> JSON {
        let description = JSON.string(parameter.summary)
        switch parameter.kind {
        case .target: return ["type": "string", "description": description]
        case .point:
            return ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2, "description": description]
        case .milliseconds(let bounds):
            return ["type": "number", "minimum": .double(bounds.lowerBound), "maximum": .double(bounds.upperBound), "description": description]
        case .choice(let words): return ["type": "string", "enum": .array(words.map(JSON.string)), "description": description]
        case .text: return ["type": "string", "minLength": 1, "description": description]
        case .integer(let bounds):
            return ["type": "integer", "minimum": .int(bounds.lowerBound), "maximum": .int(bounds.upperBound), "description": description]
        case .positive(let most): return ["type": "number", "exclusiveMinimum": 0, "maximum": .double(most), "description": description]
        case .numbers(let bounds, let count):
            return ["type": "array", "items": ["type": "number", "minimum": .double(bounds.lowerBound), "maximum": .double(bounds.upperBound)],
                    "minItems": .int(count.lowerBound), "maxItems": .int(count.upperBound), "description": description]
        case .bool: return ["type": "boolean", "description": description]
        case .string(let most): return ["type": "string", "maxLength": .int(most), "description": description]
        case .coordinate: return ["type": "number", "minimum": -100_000, "maximum": 100_000, "description": description]
        case .interval: return ["type": "number", "minimum": 0, "maximum": 1e12, "description": description]
        case .path:
            return ["type": "array", "minItems": 2, "maxItems": 10_000, "description": description,
                    "items": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2]]
        }
    }

    /// Acts with the verb's arguments (`act` has the verb check them first: a refused call
    /// runs nothing).
    private static func run(_ verb: Verb, _ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        let names = verb.parameters.map(\.name)
        try params.allowOnly(Set(names + ["app", "window", "settle", "budgetMs", "diffBytes"]))
        var arguments: [String: JSON] = [:]
        for name in names { if let value = params.json[name], !value.isNull { arguments[name] = value } }
        var output = try server.act(params, verb.daemonMethod, extra: arguments, window: true)
        let target = arguments["target"].map { " " + $0.flowText } ?? arguments["at"].map { " at " + $0.flowText } ?? arguments["key"].map { " " + $0.flowText } ?? ""
        output.text = "\(verb.name)\(target); " + output.text
        return output
    }

    /// `batch`: tool calls run in order, one reply; the first failure ends it.
    private static let batchTool = MCPTool(
        name: "batch", title: "Batch",
        description: "Several tool calls in order, one reply: calls is a list of {tool, arguments} (1 to 32; not launch, batch or terminate). Each acting call settles as it would alone; the first call that fails ends the batch (the calls before it ran). Returns each call's text and structured result.",
        properties: ["calls": ["type": "array", "minItems": 1, "maxItems": 32, "description": "The calls: {tool, arguments}",
                               "items": ["type": "object", "description": "One call",
                                         "properties": ["tool": ["type": "string", "description": "The tool's name"],
                                                        "arguments": ["type": "object", "description": "The tool's arguments, as it takes them alone",
                                                                      "additionalProperties": true]],
                                         "required": ["tool"]]]],
        required: ["calls"],
        output: ["results": ["type": "array", "description": "Each call's result in order",
                             "items": ["type": "object", "description": "A call's result",
                                       "properties": ["tool": ["type": "string", "description": "The tool"],
                                                      "text": ["type": "string", "description": "Its text"],
                                                      "structured": ["type": "object", "description": "Its structured result", "additionalProperties": true]]]],
                 "failed": ["type": "object", "description": "The call that failed",
                            "properties": ["index": ["type": "integer", "description": "Its place in calls"],
                                           "tool": ["type": "string", "description": "The tool"],
                                           "text": ["type": "string", "description": "Why it failed"]]]]
    ) { server, params in
        try params.allowOnly(["calls"])
        guard let calls = params.json["calls"]?.array, (1...32).contains(calls.count) else {
            throw ToolFailure("batch: 'calls' must be a list of 1 to 32 calls, each {tool, arguments}")
        }
        // Every call is checked before any runs: a malformed batch runs nothing.
        var checked: [(MCPTool, JSON)] = []
        for (index, call) in calls.enumerated() {
            guard let members = call.object, let name = members["tool"]?.string else {
                throw ToolFailure("batch: calls[\(index)] must be {tool, arguments} with tool a string; nothing ran")
            }
            if let unknown = members.keys.sorted().first(where: { $0 != "tool" && $0 != "arguments" }) {
                throw ToolFailure("batch: calls[\(index)] has '\(unknown.prefix(40))'; a call has tool and arguments; nothing ran")
            }
            guard !["batch", "launch", "terminate"].contains(name), let tool = MCPTools.all.first(where: { $0.name == name }) else {
                throw ToolFailure("batch: calls[\(index)].tool '\(name.prefix(40))' is not a tool a batch runs; nothing ran")
            }
            let arguments = members["arguments"] ?? [:]
            guard arguments.object != nil else { throw ToolFailure("batch: calls[\(index)].arguments must be an object; nothing ran") }
            checked.append((tool, arguments))
        }
        var results: [JSON] = []
        var texts: [String] = []
        for (index, (tool, arguments)) in checked.enumerated() {
            do {
                let output = try tool.run(server, Params(arguments, method: tool.name))
                results.append(["tool": .string(tool.name), "text": .string(output.text), "structured": output.structured])
                texts.append("[\(index)] \(tool.name): " + output.text)
            } catch {
                let message = (error as? ToolFailure)?.message ?? (error as? RPCError)?.message ?? "\(error)"
                texts.append("[\(index)] \(tool.name) failed: \(message)")
                return .init(text: texts.joined(separator: "\n") + "\nthe batch stopped at call \(index)",
                             structured: ["results": .array(results), "failed": ["index": .int(index), "tool": .string(tool.name), "text": .string(message)]])
            }
        }
        return .init(text: texts.joined(separator: "\n"), structured: ["results": .array(results)])
    }
}
