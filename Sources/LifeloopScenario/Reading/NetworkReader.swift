import Foundation
import LifeloopCore
import LifeloopNetwork
import Yams

/// The scenario's `network:` section: a list of rules, the first that matches answers.
extension ScenarioReader {
    private static let ruleKeys = ["url", "prefix", "glob", "method", "status", "headers", "body", "bodyFile",
                                   "latency", "rate", "fail", "mark"]
    private static let patternKeys = ["url", "prefix", "glob"]
    private static let failureKeys = ["timeout", "connectionLost", "dns"]

    func network(_ value: FieldValue, keyNode: Node) throws(ScenarioError) -> ScenarioNetwork {
        ScenarioNetwork(rules: try networkRules(value, bodyDirectory: directory), location: nodes.location(keyNode, value.field))
    }

    /// The rules of a list (`network: [...]`, or the daemon's JSON).
    func networkRules(_ value: FieldValue, bodyDirectory: String?) throws(ScenarioError) -> [NetworkRule] {
        let items = try nodes.list(value, expected: "a list of rules, each {url: URL, body: TEXT, latency: DURATION, …}")
        var rules: [NetworkRule] = []
        for item in items { rules.append(try rule(item, bodyDirectory: bodyDirectory)) }
        return rules
    }

    /// One rule. A relative `bodyFile` resolves against `bodyDirectory`; without one it is
    /// an error.
    func rule(_ item: FieldValue, bodyDirectory: String?) throws(ScenarioError) -> NetworkRule {
        let fields = try nodes.fields(item, allowed: Self.ruleKeys, what: "a network rule")
        let patterns = fields.entries.filter { Self.patternKeys.contains($0.key) }
        guard let patternEntry = patterns.first else {
            throw nodes.error(item, "a network rule needs one of url (exact), prefix or glob")
        }
        if patterns.count > 1 {
            throw nodes.error(patterns[1].keyNode, item.field,
                              "a network rule takes one of url, prefix or glob, not both \(patternEntry.key) and \(patterns[1].key)")
        }
        let text = try nodes.text(patternEntry.value, expected: "a URL")
        let pattern: NetworkRule.Pattern
        switch patternEntry.key {
        case "url": pattern = .exact(text)
        case "prefix": pattern = .prefix(text)
        default: pattern = .glob(text)
        }
        // A rule read from a file is where it is written; one read from JSON (the daemon's)
        // has no lines, so it is named by its field.
        let location = item.node.mark.map { "\(nodes.file):\($0.line):\($0.column)" } ?? "\(nodes.file) \(item.field)"
        var rule = NetworkRule(pattern: pattern, location: location)
        if let entry = fields["method"] {
            let method = try nodes.text(entry.value, expected: "an HTTP method such as GET or POST")
            guard method.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw nodes.error(entry.value, "method is an HTTP method such as GET or POST, found '\(method)'")
            }
            rule.method = method.uppercased()
        }
        if let entry = fields["status"] {
            let status = try nodes.integer(entry.value, expected: "an HTTP status code, 100...599")
            guard (100...599).contains(status) else {
                throw nodes.error(entry.value, "status is an HTTP status code, 100...599, found \(status)")
            }
            rule.status = status
        }
        if let entry = fields["headers"] {
            let headers = try nodes.fields(entry.value, what: "headers")
            for header in headers.entries {
                rule.headers[header.key] = try nodes.text(header.value, expected: "a header value")
            }
        }
        if let body = fields["body"], let file = fields["bodyFile"] {
            throw nodes.error(file.keyNode, file.value.field,
                              "a rule takes body (inline) or bodyFile (a file), not both; body is at line \((body.keyNode.mark?.line).map(String.init) ?? "?")")
        }
        if let entry = fields["body"] {
            guard case .scalar(let scalar) = entry.value.node else {
                throw nodes.error(entry.value, "body is the response's text, found \(nodes.describe(entry.value.node))")
            }
            rule.body = Data(scalar.string.utf8)
        }
        if let entry = fields["bodyFile"] {
            let path = try nodes.text(entry.value, expected: "a file's path, relative to the scenario file")
            let resolved: String
            if path.hasPrefix("/") {
                resolved = path
            } else if let bodyDirectory {
                resolved = bodyDirectory + "/" + path
            } else {
                throw nodes.error(entry.value, "bodyFile '\(path)' is a relative path, and no directory was given to resolve it "
                                      + "against: give an absolute path, or the directory (networkDirectory)")
            }
            do {
                rule.body = Data(try InputFile.read(path: resolved, maxBytes: ScenarioFile.defaultMaxBytes))
            } catch {
                throw nodes.error(entry.value, error.sentence(reading: "the body file"))
            }
        }
        if let entry = fields["latency"] {
            switch try nodes.distribution(entry.value) {
            case .fixed(let value): rule.latency = .fixed(value)
            case .uniform(let low, let high): rule.latency = .uniform(low, high)
            case .lognormal(let median, let p99): rule.latency = .lognormal(median: median, p99: p99)
            }
        }
        if let entry = fields["rate"] { rule.rate = try rate(entry.value) }
        if let entry = fields["fail"] { rule.failures = try failures(entry.value) }
        if let entry = fields["mark"] { rule.mark = try nodes.text(entry.value, expected: "the name of a mark the response ends") }
        return rule
    }

    /// `200KB/s`: a number and B, KB, MB or GB (powers of 1000), or KiB, MiB, GiB, per second.
    private func rate(_ value: FieldValue) throws(ScenarioError) -> Double {
        let form = "a transfer rate such as 200KB/s (B, KB, MB, GB, KiB, MiB or GiB per second)"
        let text = try nodes.text(value, expected: form)
        guard text.hasSuffix("/s") else { throw nodes.error(value, "expected \(form), found '\(text)'") }
        let body = text.dropLast(2)
        let units: [(String, Double)] = [("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824),
                                         ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("B", 1)]
        guard let unit = units.first(where: { body.hasSuffix($0.0) }),
              let number = Double(body.dropLast(unit.0.count)), number.isFinite,
              body.dropLast(unit.0.count).allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
            throw nodes.error(value, "expected \(form), found '\(text)'")
        }
        guard number > 0 else { throw nodes.error(value, "rate must be above 0, found '\(text)'") }
        return number * unit.1
    }

    private func failures(_ value: FieldValue) throws(ScenarioError) -> NetworkFailures {
        let fields = try nodes.fields(value, allowed: Self.failureKeys, what: "fail")
        var failures = NetworkFailures()
        var sum = 0.0
        for entry in fields.entries {
            let probability = try nodes.number(entry.value, expected: "a probability, 0...1")
            guard (0...1).contains(probability) else {
                throw nodes.error(entry.value, "\(entry.key) is a probability, 0...1, found \(writtenNumber(probability))")
            }
            sum += probability
            guard sum <= 1 + 1e-12 else {
                throw nodes.error(entry.value, "the failure probabilities add up to \(writtenNumber(sum)), above 1")
            }
            switch entry.key {
            case "timeout": failures.timeout = probability
            case "connectionLost": failures.connectionLost = probability
            default: failures.dns = probability
            }
        }
        return failures
    }
}

/// A scenario's scripted network: its rules and where the section is.
public struct ScenarioNetwork: Sendable, Hashable {
    /// Tried in order; the first that matches answers.
    public var rules: [NetworkRule]
    /// Where the file's `network:` key is, named by requests no rule matches.
    public var location: ScenarioLocation
    /// What requests no rule matches name as the rules' origin, when they were not read
    /// from the scenario file (`app.launch network`); nil for the file's section.
    public var source: String?

    /// A network of `rules`, written at `location` (or given by `source`).
    public init(rules: [NetworkRule], location: ScenarioLocation, source: String? = nil) {
        self.rules = rules
        self.location = location
        self.source = source
    }

    /// Reads a list of rules written in JSON, with the keys and values of a scenario's
    /// `network:` section (`[{"url": "https://api.example.com/feed", "latency": "80ms"}]`),
    /// checked as strictly.
    ///
    /// - Parameters:
    ///   - json: The JSON text: a list of rule objects.
    ///   - origin: What errors and the rules' `NetworkRule/location` name as the place
    ///     (`app.launch`).
    ///   - field: The field path of the list in errors (`network`): an error names the
    ///     field inside it, as `network[1].latency`.
    ///   - bodyDirectory: The absolute directory a relative `bodyFile` resolves against;
    ///     without it a relative `bodyFile` is an error.
    /// - Throws: ``ScenarioError`` with `file` set to `origin` and `field` to the path of
    ///   the offending value; no input makes it trap.
    public static func rules(json: String, origin: String, field: String,
                             bodyDirectory: String?) throws(ScenarioError) -> [NetworkRule] {
        let (reader, value) = try jsonRoot(json, origin: origin, field: field, bodyDirectory: bodyDirectory)
        return try reader.networkRules(value, bodyDirectory: bodyDirectory)
    }

    /// Reads one rule written in JSON (`{"url": "…", "fail": {"timeout": 1}}`), as
    /// ``rules(json:origin:field:bodyDirectory:)`` reads each of a list.
    public static func rule(json: String, origin: String, field: String,
                            bodyDirectory: String?) throws(ScenarioError) -> NetworkRule {
        let (reader, value) = try jsonRoot(json, origin: origin, field: field, bodyDirectory: bodyDirectory)
        return try reader.rule(value, bodyDirectory: bodyDirectory)
    }

    /// JSON read strictly, as the YAML nodes the scenario reader reads (no marks: errors
    /// name fields, not lines).
    private static func jsonRoot(_ json: String, origin: String, field: String,
                                 bodyDirectory: String?) throws(ScenarioError) -> (ScenarioReader, FieldValue) {
        let document: JSONDocument
        do {
            document = try JSONReader(maxDepth: 32).read(json)
        } catch {
            throw ScenarioError(file: origin, line: error.line, column: error.column, field: field,
                                message: "not JSON: \(error.message)")
        }
        let reader = ScenarioReader(nodes: NodeReader(file: origin), directory: bodyDirectory ?? "", defaultName: origin)
        return (reader, FieldValue(node: yamlNode(document.root), field: field))
    }

    /// A JSON value as the YAML node it reads as: strings quoted (so `"200"` is not a
    /// number), numbers, `true` and `false` plain, `null` as nothing.
    private static func yamlNode(_ value: JSONValue) -> Node {
        switch value.kind {
        case .object:
            return .mapping(Node.Mapping(value.members.map { (Node.scalar(Node.Scalar($0.name, .implicit, .doubleQuoted)), yamlNode($0.value)) }))
        case .array:
            return .sequence(Node.Sequence(value.elements.map { yamlNode($0) }))
        case .string:
            return .scalar(Node.Scalar(value.string ?? "", .implicit, .doubleQuoted))
        case .number:
            let text = value.int.map { String($0) } ?? value.double.map { writtenNumber($0) } ?? ""
            return .scalar(Node.Scalar(text, .implicit, .plain))
        case .bool:
            return .scalar(Node.Scalar(value.bool == true ? "true" : "false", .implicit, .plain))
        case .null:
            return .scalar(Node.Scalar("", .implicit, .plain))
        }
    }
}

extension Scenario {
    /// Serves the app's requests from `network` instead of the file's own section (if
    /// any), and folds `text` (the rules as given) and the rules' bodies into ``hash``, so
    /// a recording of the run names what it was served.
    public mutating func useNetwork(_ network: ScenarioNetwork, text: String) {
        self.network = network
        var hash = FNV1a()
        hash.combine(self.hash.utf8)
        hash.combine(text.utf8)
        for rule in network.rules where !rule.body.isEmpty { hash.combine(rule.body) }
        self.hash = hash.hex
    }
}
