import Foundation
import LifeloopNetwork
import LifeloopScenario

/// The daemon's scripted network: `app.launch`'s `network` and `networkDirectory`, and
/// the changes `app.network` makes while the app runs.
///
/// Rules are the scenario's `network:` rules written in JSON, read by the scenario's own
/// rule reader (``ScenarioNetwork/rules(json:origin:field:bodyDirectory:)``), so every
/// key, value and check is the same; an error names the parameter's path
/// (`network[1].latency`).
enum NetworkParameters {
    /// The changes `app.network` makes; at most one per request.
    static let changes = ["add", "replace", "remove", "rules"]

    /// `networkDirectory`: the absolute directory a relative `bodyFile` resolves against.
    static func directory(_ params: Params) throws(RPCError) -> String? {
        guard let path = try params.string("networkDirectory") else { return nil }
        guard path.hasPrefix("/") else {
            throw .invalidParams("\(params.method): 'networkDirectory' must be an absolute path, not '\(path.prefix(200))'")
        }
        return path
    }

    /// `app.launch`'s rules and their JSON text, or nil when it gives no `network`.
    static func launchRules(_ params: Params) throws(RPCError) -> (rules: [NetworkRule], text: String)? {
        let directory = try directory(params)
        guard let value = params.json["network"], !value.isNull else {
            if directory != nil {
                throw .invalidParams("app.launch: 'networkDirectory' is what the bodyFile of 'network' rules are relative to; give 'network' too")
            }
            return nil
        }
        guard value.array != nil else {
            throw .invalidParams("app.launch: 'network' must be a list of rules ([{\"url\": …, \"body\": …}], [] for none yet), not a \(value.kindName) (\(value.text.prefix(60)))")
        }
        let text = value.text
        return (try rules(text, method: "app.launch", field: "network", directory: directory), text)
    }

    static func rules(_ text: String, method: String, field: String, directory: String?) throws(RPCError) -> [NetworkRule] {
        do {
            return try ScenarioNetwork.rules(json: text, origin: method, field: field, bodyDirectory: directory)
        } catch {
            throw invalid(error)
        }
    }

    static func rule(_ value: JSON, method: String, field: String, directory: String?) throws(RPCError) -> NetworkRule {
        guard value.object != nil else {
            throw .invalidParams("\(method): '\(field)' must be a rule (an object such as {\"url\": …, \"fail\": {\"timeout\": 1}}), not a \(value.kindName) (\(value.text.prefix(60)))")
        }
        do {
            return try ScenarioNetwork.rule(json: value.text, origin: method, field: field, bodyDirectory: directory)
        } catch {
            throw invalid(error)
        }
    }

    /// `app.launch: network[1].latency: …`, with the field in `data`.
    private static func invalid(_ error: ScenarioError) -> RPCError {
        RPCError(code: -32602, message: error.description, data: ["field": .string(error.field)])
    }

    /// Applies `app.network`'s change (if it asks for one) to `network` and returns the
    /// rules in force after it.
    ///
    /// - `add`: a rule, appended, or inserted at `index` (0 tries it first).
    /// - `replace`: the rule at `index` becomes this one.
    /// - `remove`: the index of the rule to remove.
    /// - `rules`: a whole new list.
    ///
    /// A request already claimed keeps the rule it matched; the next one is matched
    /// against the new rules.
    static func change(_ params: Params, network: ScriptedNetwork?, launchDirectory: String?) throws(RPCError) -> JSON {
        try params.allowOnly(Set(["app", "index", "networkDirectory"] + changes))
        let asked = changes.filter { params.json[$0].map { !$0.isNull } ?? false }
        guard asked.count <= 1 else {
            throw .invalidParams("app.network: give one of add, replace, remove or rules, not both \(asked[0]) and \(asked[1])")
        }
        guard let network else {
            throw .actionFailed("app.network: the app has no scripted network; launch it with 'network' (a list of rules, [] for none yet) or a scenario with a network: section")
        }
        let directory = try self.directory(params) ?? launchDirectory
        let count = network.rules.count
        let index = try params.int("index", in: 0...1_000_000)
        func outOfRange(_ index: Int, _ what: String) -> RPCError {
            .invalidParams("app.network: \(what) \(index) is out of range: the network has \(count) rule\(count == 1 ? "" : "s")"
                + (count == 0 ? "" : " (0...\(count - 1))"))
        }
        switch asked.first {
        case "add":
            let rule = try rule(params.json["add"]!, method: "app.network", field: "add", directory: directory)
            let at = index ?? count
            guard at <= count else {
                throw .invalidParams("app.network: 'index' \(at) is out of range for add: the network has \(count) rule\(count == 1 ? "" : "s"), so 0...\(count)")
            }
            network.updateRules { $0.insert(rule, at: at) }
        case "replace":
            guard let index else { throw .invalidParams("app.network: replace needs 'index', the rule to replace") }
            let rule = try rule(params.json["replace"]!, method: "app.network", field: "replace", directory: directory)
            guard index < count else { throw outOfRange(index, "'index'") }
            network.updateRules { $0[index] = rule }
        case "remove":
            if index != nil { throw .invalidParams("app.network: remove's value is the index; 'index' is for add and replace") }
            guard let at = try params.int("remove", in: 0...1_000_000) else { throw .invalidParams("app.network: 'remove' is required") }
            guard at < count else { throw outOfRange(at, "'remove'") }
            network.updateRules { _ = $0.remove(at: at) }
        case "rules":
            if index != nil { throw .invalidParams("app.network: 'index' is for add and replace, not rules") }
            let value = params.json["rules"]!
            guard value.array != nil else {
                throw .invalidParams("app.network: 'rules' must be a list of rules, not a \(value.kindName) (\(value.text.prefix(60)))")
            }
            let rules = try rules(value.text, method: "app.network", field: "rules", directory: directory)
            network.updateRules { $0 = rules }
        default:
            if index != nil { throw .invalidParams("app.network: 'index' is for add and replace") }
        }
        let rules = network.rules
        return ["rules": .array(rules.map(json)), "count": .int(rules.count)]
    }

    /// A rule as `app.launch` and `app.network` take it (a body that is not UTF-8 text is
    /// shown as its size, `bodyBytes`).
    static func json(_ rule: NetworkRule) -> JSON {
        var members: [String: JSON] = ["status": .int(rule.status)]
        switch rule.pattern {
        case .exact(let text): members["url"] = .string(text)
        case .prefix(let text): members["prefix"] = .string(text)
        case .glob(let text): members["glob"] = .string(text)
        }
        if let method = rule.method { members["method"] = .string(method) }
        if !rule.headers.isEmpty { members["headers"] = .object(rule.headers.mapValues { .string($0) }) }
        if !rule.body.isEmpty {
            if let text = String(data: rule.body, encoding: .utf8) {
                members["body"] = .string(text)
            } else {
                members["bodyBytes"] = .int(rule.body.count)
            }
        }
        switch rule.latency {
        case .fixed(let value): members["latency"] = .string(formatDuration(value))
        case .uniform(let low, let high): members["latency"] = ["uniform": [.string(formatDuration(low)), .string(formatDuration(high))]]
        case .lognormal(let median, let p99):
            members["latency"] = ["lognormal": ["median": .string(formatDuration(median)), "p99": .string(formatDuration(p99))]]
        }
        if let rate = rule.rate { members["rate"] = .string(formatMilliseconds(rate) + "B/s") }
        if !rule.failures.isEmpty {
            var fail: [String: JSON] = [:]
            if rule.failures.timeout > 0 { fail["timeout"] = .double(rule.failures.timeout) }
            if rule.failures.connectionLost > 0 { fail["connectionLost"] = .double(rule.failures.connectionLost) }
            if rule.failures.dns > 0 { fail["dns"] = .double(rule.failures.dns) }
            members["fail"] = .object(fail)
        }
        if let mark = rule.mark { members["mark"] = .string(mark) }
        return .object(members)
    }
}
