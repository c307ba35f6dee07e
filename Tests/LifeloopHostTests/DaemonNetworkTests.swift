import Foundation
import LifeloopHost
import Testing

/// The scripted network through the daemon: `app.launch`'s `network`, changed while the
/// app runs by `app.network`, served to a real app process's `URLSession`
/// (Samples/RefreshFeed requests https://api.example.com/feed on each tap of
/// `Feed.refresh`).
@Suite("lifeloopd network")
struct DaemonNetworkTests {
    static let feed = "https://api.example.com/feed"

    /// Taps the refresh button, settles, and returns the `Feed response` details and the
    /// `network response` details the tap caused.
    static func refresh(_ client: DaemonClient, _ app: String) throws -> (feed: [String], network: [String]) {
        let tap = try Caused(client.call("app.tap", ["app": .string(app), "view": "Feed.refresh"]))
        _ = try client.call("app.settle", ["app": .string(app), "budgetMs": 5000])
        let events = try #require(client.call("trace.get", ["app": .string(app), "fromSeq": .int(tap.fromSeq)])["events"]?.array)
        func details(_ label: String, _ name: String) -> [String] {
            events.filter { $0["label"]?.string == label && $0["event"]?.string == name }.compactMap { $0["detail"]?.string }
        }
        return (details("Feed", "response"), details("network", "response"))
    }

    static func rpcError(_ body: () throws -> Void) -> RPCError? {
        do {
            try body()
        } catch let error as RPCError {
            return error
        } catch {
            Issue.record("not an RPC error: \(error)")
        }
        return nil
    }

    @Test func launchServesTheRulesAndAppNetworkChangesThemForTheNextRequest() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let methods = try client.call("daemon.methods")
        #expect(methods["methods"]?.array?.contains("app.network") == true)
        let recording = daemon.directory + "/feed.jsonl"
        let launched = try client.call("app.launch", [
            "sample": "RefreshFeed", "seed": 5, "record": .string(recording),
            "network": [["url": .string(Self.feed), "body": "[1,2,3]", "latency": "80ms",
                         "headers": ["Content-Type": "application/json"]]],
        ])
        let app = try #require(launched["app"]?.string)

        let first = try Self.refresh(client, app)
        #expect(first.feed == ["#1 status 200 bytes 7"])
        #expect(first.network == ["GET \(Self.feed) 200"])

        // "Make the next request to /feed fail": replace the rule.
        let replaced = try client.call("app.network", ["app": .string(app), "index": 0,
                                                       "replace": ["url": .string(Self.feed), "fail": ["timeout": 1]]])
        #expect(replaced["count"]?.int == 1)
        #expect(replaced["rules"]?.array?.first?["fail"]?["timeout"]?.double == 1)
        #expect(replaced["rules"]?.array?.first?["url"]?.string == Self.feed)
        let second = try Self.refresh(client, app)
        #expect(second.feed == ["#2 failed timedOut"])
        #expect(second.network == ["GET \(Self.feed) failed: timedOut"])

        // A rule added in front answers first; removed, the one behind it answers again.
        let added = try client.call("app.network", ["app": .string(app), "index": 0,
                                                    "add": ["prefix": "https://api.example.com/", "status": 503, "body": "down",
                                                            "latency": ["uniform": ["10ms", "20ms"]]]])
        #expect(added["count"]?.int == 2)
        #expect(added["rules"]?.array?.map { $0["prefix"]?.string ?? $0["url"]?.string ?? "" } == ["https://api.example.com/", Self.feed])
        #expect(added["rules"]?.array?.first?["latency"] == ["uniform": ["10ms", "20ms"]])
        #expect(try Self.refresh(client, app).feed == ["#3 status 503 bytes 4"])
        let removed = try client.call("app.network", ["app": .string(app), "remove": 0])
        #expect(removed["count"]?.int == 1)
        #expect(try Self.refresh(client, app).feed == ["#4 failed timedOut"])

        // A whole new list; an empty one leaves the request unmatched.
        let appended = try client.call("app.network", ["app": .string(app), "add": ["glob": "https://*.example.com/*", "body": "{}"]])
        #expect(appended["rules"]?.array?.last?["glob"]?.string == "https://*.example.com/*")
        _ = try client.call("app.network", ["app": .string(app), "rules": [["url": .string(Self.feed), "body": "[]", "latency": "5ms"]]])
        #expect(try Self.refresh(client, app).feed == ["#5 status 200 bytes 2"])
        let emptied = try client.call("app.network", ["app": .string(app), "rules": []])
        #expect(emptied["count"]?.int == 0)
        #expect(try Self.refresh(client, app).feed == ["#6 failed resourceUnavailable"])
        // Without a change, the rules in force.
        #expect(try client.call("app.network", ["app": .string(app)])["rules"] == [])

        // The recording keeps each change with its turn (a read is no input), and its
        // scenario hash covers the launch's rules.
        _ = try client.call("record.stop", ["app": .string(app)])
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains(#""input":"app.network""#) }.count == 6)
        let other = daemon.directory + "/other.jsonl"
        let otherApp = try #require(client.call("app.launch", ["sample": "RefreshFeed", "seed": 5, "record": .string(other),
                                                               "network": [["url": .string(Self.feed), "body": "[1,2]"]]])["app"]?.string)
        _ = try client.call("record.stop", ["app": .string(otherApp)])
        func hash(_ path: String) throws -> String? {
            let header = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
            return try JSON.parse(header)["header"]?["scenarioHash"]?.string
        }
        #expect(try hash(recording) != nil)
        #expect(try hash(recording) != hash(other))
    }

    @Test func theSameChangesGiveTheSameDigestInEveryAppProcess() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        var digests: Set<String> = []
        for _ in 0..<2 {
            let app = try #require(client.call("app.launch", [
                "sample": "RefreshFeed", "seed": 9,
                "network": [["url": .string(Self.feed), "body": "[1]", "latency": ["lognormal": ["median": "40ms", "p99": "200ms"]],
                             "fail": ["connectionLost": 0.3]]],
            ])["app"]?.string)
            for _ in 0..<3 { _ = try Self.refresh(client, app) }
            _ = try client.call("app.network", ["app": .string(app), "replace": ["url": .string(Self.feed), "rate": "1KB/s", "body": "[1,2]"],
                                                "index": 0])
            _ = try Self.refresh(client, app)
            digests.insert(try Caused(client.call("app.settle", ["app": .string(app)])).digest)
        }
        #expect(digests.count == 1, "two processes, same rules and changes: \(digests)")
    }

    @Test func bodyFilesAreRelativeToNetworkDirectory() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        try Data("[1,2,3,4]".utf8).write(to: URL(fileURLWithPath: daemon.directory + "/feed.json"))
        try Data("[]".utf8).write(to: URL(fileURLWithPath: daemon.directory + "/empty.json"))
        let app = try #require(client.call("app.launch", [
            "sample": "RefreshFeed", "networkDirectory": .string(daemon.directory),
            "network": [["url": .string(Self.feed), "bodyFile": "feed.json"]],
        ])["app"]?.string)
        #expect(try Self.refresh(client, app).feed == ["#1 status 200 bytes 9"])
        // app.network resolves against the launch's directory, or its own.
        _ = try client.call("app.network", ["app": .string(app), "index": 0, "replace": ["url": .string(Self.feed), "bodyFile": "empty.json"]])
        #expect(try Self.refresh(client, app).feed == ["#2 status 200 bytes 2"])
        let other = daemon.directory + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        try Data("[0]".utf8).write(to: URL(fileURLWithPath: other + "/feed.json"))
        _ = try client.call("app.network", ["app": .string(app), "index": 0, "networkDirectory": .string(other),
                                            "replace": ["url": .string(Self.feed), "bodyFile": "feed.json"]])
        #expect(try Self.refresh(client, app).feed == ["#3 status 200 bytes 3"])
    }

    /// A scenario file's `network:` section is what `app.network` reads and changes; a
    /// launch's `network` is served instead of it.
    @Test func aScenarioFilesSectionIsChangedOrReplaced() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let scenario = JSON.string(DaemonHarness.checkout + "/Samples/Scenarios/background-work.yaml")
        func probeFeed(_ app: String) throws -> [String] {
            _ = try client.call("app.settle", ["app": .string(app), "budgetMs": 5000])
            let events = try #require(client.call("trace.get", ["app": .string(app), "fromSeq": 0, "limit": 100_000])["events"]?.array)
            return events.filter { $0["label"] == "Probe" && $0["event"] == "feed" }.compactMap { $0["detail"]?.string }
        }
        let fromFile = try #require(client.call("app.launch", ["scenario": scenario])["app"]?.string)
        let rules = try client.call("app.network", ["app": .string(fromFile)])
        #expect(rules["rules"] == [["url": .string(Self.feed), "body": "[1, 2, 3]", "latency": "80ms", "status": 200]])
        #expect(try probeFeed(fromFile) == ["status 200 items 3"])

        let replaced = try #require(client.call("app.launch", [
            "scenario": scenario, "network": [["url": .string(Self.feed), "body": "[1]", "status": 404]],
        ])["app"]?.string)
        #expect(try probeFeed(replaced) == ["status 404 items 1"])
    }

    /// Each bad `network` or `networkDirectory` of `app.launch`: a -32602 error naming the
    /// parameter's path, no app started, the daemon serving on.
    @Test func badLaunchNetworksAreRefusedNamingTheParameter() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let feed = JSON.string(Self.feed)
        let cases: [(network: JSON?, directory: JSON?, field: String?, words: String)] = [
            ("x", nil, nil, "'network' must be a list of rules"),
            (["url": feed], nil, nil, "'network' must be a list of rules"),
            ([5], nil, "network[0]", "a network rule is a map"),
            ([[:]], nil, "network[0]", "needs one of url (exact), prefix or glob"),
            ([["url": feed], ["url": feed, "latency": "fast"]], nil, "network[1].latency", "expected a duration"),
            ([["url": feed, "latency": "80"]], nil, "network[0].latency", "needs a unit"),
            ([["url": feed, "latency": "-5ms"]], nil, "network[0].latency", "negative durations"),
            ([["url": feed, "latency": ["uniform": ["20ms", "10ms"]]]], nil, "network[0].latency", "above its high"),
            ([["url": feed, "latency": ["gaussian": "1ms"]]], nil, "network[0].latency.gaussian", "unknown key 'gaussian'"),
            ([["url": feed, "prefix": "https://"]], nil, "network[0]", "not both"),
            ([["url": nil]], nil, "network[0].url", "expected a URL, found nothing"),
            ([["url": feed, "method": "G T"]], nil, "network[0].method", "HTTP method"),
            ([["url": feed, "status": 700]], nil, "network[0].status", "100...599"),
            ([["url": feed, "status": "200"]], nil, "network[0].status", "expected an HTTP status code"),
            ([["url": feed, "headers": "json"]], nil, "network[0].headers", "headers is a map"),
            ([["url": feed, "body": ["a"]]], nil, "network[0].body", "body is the response's text"),
            ([["url": feed, "body": "x", "bodyFile": "/etc/hostname"]], nil, "network[0].bodyFile", "body (inline) or bodyFile"),
            ([["url": feed, "bodyFile": "feed.json"]], nil, "network[0].bodyFile", "no directory was given"),
            ([["url": feed, "bodyFile": "missing.json"]], .string(daemon.directory), "network[0].bodyFile", "cannot read the body file"),
            ([["url": feed, "rate": "fast"]], nil, "network[0].rate", "transfer rate"),
            ([["url": feed, "rate": "0KB/s"]], nil, "network[0].rate", "above 0"),
            ([["url": feed, "fail": ["timeout": 2]]], nil, "network[0].fail.timeout", "probability"),
            ([["url": feed, "fail": ["timeout": 0.7, "dns": 0.7]]], nil, "network[0].fail.timeout", "add up to"),
            ([["url": feed, "fail": ["flaky": 0.5]]], nil, "network[0].fail.flaky", "unknown key 'flaky'"),
            ([["url": feed, "mark": ""]], nil, "network[0].mark", "mark"),
            ([["url": feed, "latnecy": "5ms"]], nil, "network[0].latnecy", "did you mean 'latency'"),
            ([["url": feed]], "relative/dir", nil, "'networkDirectory' must be an absolute path"),
            ([["url": feed]], 7, nil, "'networkDirectory' must be a string"),
            (nil, .string(daemon.directory), nil, "give 'network' too"),
        ]
        for (network, directory, field, words) in cases {
            var params: [String: JSON] = ["sample": "RefreshFeed"]
            params["network"] = network
            params["networkDirectory"] = directory
            let error = Self.rpcError { try client.call("app.launch", .object(params)) }
            let shown = JSON.object(params).text
            #expect(error?.code == -32602, "\(shown): \(String(describing: error))")
            #expect(error?.message.hasPrefix("app.launch: ") == true, "\(shown): \(error?.message ?? "accepted")")
            #expect(error?.message.contains(words) == true, "\(shown): \(error?.message ?? "accepted")")
            if let field {
                #expect(error?.message.contains(" \(field): ") == true, "\(shown): \(error?.message ?? "accepted")")
                #expect(error?.data?["field"]?.string == field, "\(shown)")
            }
        }
        // Nothing was started, and the daemon serves on.
        #expect(try client.call("app.list")["apps"] == [])
        #expect(try client.call("daemon.status")["apps"]?.int == 0)
        #expect(daemon.process.isRunning)
    }

    /// Each bad `app.network`: a clear error naming the parameter, the rules as they were,
    /// the app serving on.
    @Test func badNetworkChangesAreRefusedAndChangeNothing() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let feed = JSON.string(Self.feed)
        let app = try #require(client.call("app.launch", ["sample": "RefreshFeed", "network": [["url": feed, "body": "[1]"]]])["app"]?.string)
        let before = try client.call("app.network", ["app": .string(app)])
        let cases: [(params: [String: JSON], code: Int, words: String, field: String?)] = [
            (["add": ["url": feed], "remove": 0], -32602, "not both add and remove", nil),
            (["ad": ["url": feed]], -32602, "unknown parameter 'ad'", nil),
            (["add": "x"], -32602, "'add' must be a rule", nil),
            (["add": ["url": feed], "index": 2], -32602, "out of range for add", nil),
            (["add": ["url": feed], "index": -1], -32602, "'index' is -1, outside 0...1000000", nil),
            (["add": ["url": feed, "latency": "-5ms"]], -32602, "negative durations", "add.latency"),
            (["add": ["url": feed, "bodyFile": "feed.json"]], -32602, "no directory was given", "add.bodyFile"),
            (["replace": ["url": feed]], -32602, "replace needs 'index'", nil),
            (["replace": ["url": feed], "index": 1], -32602, "out of range", nil),
            (["replace": ["url": feed, "status": 0], "index": 0], -32602, "100...599", "replace.status"),
            (["remove": 1], -32602, "out of range", nil),
            (["remove": "first"], -32602, "'remove' must be an integer", nil),
            (["remove": 0, "index": 0], -32602, "remove's value is the index", nil),
            (["rules": ["url": feed]], -32602, "'rules' must be a list of rules", nil),
            (["rules": [["url": feed], ["url": feed, "method": "G T"]]], -32602, "HTTP method", "rules[1].method"),
            (["rules": [], "index": 0], -32602, "'index' is for add and replace", nil),
            (["index": 0], -32602, "'index' is for add and replace", nil),
            (["rules": [], "networkDirectory": "here"], -32602, "must be an absolute path", nil),
        ]
        for (params, code, words, field) in cases {
            var all = params
            all["app"] = .string(app)
            let error = Self.rpcError { try client.call("app.network", .object(all)) }
            let shown = JSON.object(params).text
            #expect(error?.code == code, "\(shown): \(String(describing: error))")
            #expect(error?.message.hasPrefix("app.network: ") == true, "\(shown): \(error?.message ?? "accepted")")
            #expect(error?.message.contains(words) == true, "\(shown): \(error?.message ?? "accepted")")
            if let field { #expect(error?.data?["field"]?.string == field, "\(shown): \(String(describing: error))") }
        }
        #expect(try client.call("app.network", ["app": .string(app)]) == before)
        #expect(try Self.refresh(client, app).feed == ["#1 status 200 bytes 3"])

        // An app launched without a network has none to change.
        let plain = try #require(client.call("app.launch", ["sample": "RefreshFeed"])["app"]?.string)
        let error = Self.rpcError { try client.call("app.network", ["app": .string(plain), "rules": []]) }
        #expect(error?.code == -32010)
        #expect(error?.message.contains("no scripted network") == true, "\(String(describing: error))")
        #expect(Self.rpcError { try client.call("app.network", ["app": "app-99", "rules": []]) }?.code == -32002)
    }
}
