import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Lifeloop
import LifeloopCore
import LifeloopNetwork
import LifeloopScenario
import Testing

/// A controller that fetches its feed when its view loads and lays its view out again
/// when the response is in (posted back to its loop, as a UIKit app hops to main).
final class FeedFetchingController: ViewController {
    var url = "https://api.example.com/feed"

    convenience init(url: String) {
        self.init(label: "Feed")
        self.url = url
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let loop = Application.current?.loop else { return }
        let poster = loop.makePoster()
        let root = UncheckedView(view)
        URLSession.shared.dataTask(with: URL(string: url)!) { data, _, error in
            let ok = error == nil && !(data ?? Data()).isEmpty
            poster.post { if ok { root.view.setNeedsLayout() } }
        }.resume()
    }
}

struct UncheckedView: @unchecked Sendable {
    let view: View
    init(_ view: View) { self.view = view }
}

/// Each test fetches a URL of its own: tests run in parallel in one process, and two apps
/// of one process that start equal requests at once cannot be told apart by URLSession's
/// protocol lookup.
private func networkCatalog(url: String = "https://api.example.com/feed") -> AppCatalog {
    var catalog = AppCatalog()
    catalog.register(AppDefinition(name: "FeedFetch", threading: .anyThread) { context in
        let window = Window(screen: context.windows[0].screen, label: context.windows[0].label)
        window.rootViewController = FeedFetchingController(url: url)
        window.makeKeyAndVisible()
    })
    return catalog
}

private let feedScenario = """
    lifeloop: 1
    app: {swift: FeedFetch}
    network:
      - url: https://api.example.com/feed
        body: '{"items": [1, 2, 3]}'
        latency: {uniform: [50ms, 400ms]}
        mark: feed
    script:
      - mark: start feed
      - settle: true
    """

@Suite("Scripted network: scenarios")
struct NetworkScenarioTests {
    /// Through the real `lifeloop` process, whose app owns the main thread: URLSession's
    /// own queue hops run on the app's Dispatch scheduler, so a run is a function of its
    /// seed. (An app on another thread, as in-process runners use, gets libdispatch's
    /// threads for them, whose timing can change a digest.)
    @Test
    func theSameSeedGivesTheSameDigestAndAnotherSeedAnotherLatency() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Scenarios")
        let text = try String(contentsOfFile: samples.appendingPathComponent("background-work.yaml").path, encoding: .utf8)
            .replacingOccurrences(of: "latency: 80ms", with: "latency: {uniform: [50ms, 400ms]}")
        let directory = NSTemporaryDirectory() + "network-seeds-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try text.write(toFile: directory + "/feed.yaml", atomically: true, encoding: .utf8)
        func digest(seed: Int) throws -> String {
            let output = try CLI.run(["run", directory + "/feed.yaml", "--seed", "\(seed)", "--trace", directory + "/t\(seed).jsonl"])
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let words = output.stdout.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
            let index = try #require(words.firstIndex(of: "digest"), "no digest in \(output.stdout.prefix(300))")
            return String(words[index + 1])
        }
        let first = try digest(seed: 4)
        #expect(try digest(seed: 4) == first)
        #expect(try digest(seed: 5) != first, "another seed draws another latency")
        let trace = try String(contentsOfFile: directory + "/t5.jsonl", encoding: .utf8)
        #expect(trace.contains("\"label\":\"GET https://api.example.com/feed\",\"event\":\"jobSubmit\""))
        #expect(trace.contains("\"label\":\"network\",\"event\":\"response\""))
    }

    @Test
    func addingANetworkLeavesTheOtherDrawsAsTheyWere() throws {
        let base = """
            lifeloop: 1
            app: {swift: FeedFetch}
            costs:
              Feed.viewDidLoad: {uniform: [1ms, 30ms]}
            """
        let withNetwork = base + """

            network:
              - prefix: https://api.example.com/
                latency: {uniform: [1ms, 900ms]}
            """
        let catalog = networkCatalog(url: "https://api.example.com/draws")
        let plain = try ScenarioRunner(scenario: ScenarioFile.parse(base, file: "a.yaml", directory: "/"), catalog: catalog)
        let scripted = try ScenarioRunner(scenario: ScenarioFile.parse(withNetwork, file: "b.yaml", directory: "/"),
                                          catalog: catalog)
        var options = RunOptions()
        options.keepEvents = true
        let a = try plain.runReturningEvents(seed: 9, options: options).events
        let b = try scripted.runReturningEvents(seed: 9, options: options).events
        let consume = { (events: [TraceEvent]) in events.first { $0.label == "loop" && $0.name == "consume" }?.detail }
        #expect(consume(a) != nil)
        #expect(consume(a) == consume(b))
    }

    @Test
    func anUnmatchedRequestIsADiagnosticNamingTheURLAndTheNetworkLine() throws {
        let text = """
            lifeloop: 1
            app: {swift: FeedFetch}
            strict: true
            network:
              - url: https://api.example.com/other
            """
        let runner = try ScenarioRunner(scenario: ScenarioFile.parse(text, file: "u.yaml", directory: "/"),
                                        catalog: networkCatalog(url: "https://api.example.com/unmatched"))
        let result = try runner.run(seed: 0)
        guard case .failed(let message) = result.status else {
            Issue.record("expected a failure, got \(result.status)")
            return
        }
        #expect(message.contains("networkRequestUnmatched"))
        #expect(message.contains("u.yaml:4:1"))
        #expect(message.contains("GET https://api.example.com/unmatched"))
    }
}

@Suite("Scripted network: the network section")
struct NetworkSectionTests {
    private func parse(_ rules: String, directory: String = "/") throws -> Scenario {
        try ScenarioFile.parse("lifeloop: 1\napp: {sample: SeedSegue}\nnetwork:\n" + rules, file: "n.yaml", directory: directory)
    }

    private func error(_ rules: String, directory: String = "/") -> ScenarioError? {
        do {
            _ = try parse(rules, directory: directory)
            return nil
        } catch {
            return error as? ScenarioError
        }
    }

    @Test
    func everyFieldIsRead() throws {
        let scenario = try parse("""
              - glob: https://*.example.com/img/*.png
                method: post
                status: 201
                headers: {Content-Type: image/png}
                body: abc
                latency: {lognormal: {median: 80ms, p99: 400ms}}
                rate: 200KB/s
                fail: {timeout: 0.1, connectionLost: 0.05, dns: 0.01}
                mark: shown
              - url: https://a.example.com/x
              - prefix: https://b.example.com/
                latency: 20ms
            """)
        let rules = try #require(scenario.network?.rules)
        #expect(rules.count == 3)
        #expect(rules[0].pattern == .glob("https://*.example.com/img/*.png"))
        #expect(rules[0].method == "POST")
        #expect(rules[0].status == 201)
        #expect(rules[0].headers == ["Content-Type": "image/png"])
        #expect(rules[0].body == Data("abc".utf8))
        #expect(rules[0].latency == .lognormal(median: .milliseconds(80), p99: .milliseconds(400)))
        #expect(rules[0].rate == 200_000)
        #expect(rules[0].failures == NetworkFailures(timeout: 0.1, connectionLost: 0.05, dns: 0.01))
        #expect(rules[0].mark == "shown")
        #expect(rules[0].location == "n.yaml:4:5")
        #expect(rules[1].pattern == .exact("https://a.example.com/x"))
        #expect(rules[1].status == 200)
        #expect(rules[2].latency == .fixed(.milliseconds(20)))
        #expect(scenario.network?.location.line == 3)
    }

    @Test
    func aBodyFileIsReadRelativeToTheScenario() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("{\"ok\":true}".utf8).write(to: URL(fileURLWithPath: directory + "/feed.json"))
        let scenario = try parse("  - url: https://a.example.com/feed\n    bodyFile: feed.json\n", directory: directory)
        #expect(scenario.network?.rules.first?.body == Data("{\"ok\":true}".utf8))
        let missing = try #require(error("  - url: https://a.example.com/feed\n    bodyFile: nope.json\n", directory: directory))
        #expect(missing.line == 5)
        #expect(missing.field == "network[0].bodyFile")
        #expect(missing.message.contains("nope.json"))
    }

    @Test(arguments: [
        ("  - method: GET\n", 4, "needs one of url (exact), prefix or glob"),
        ("  - url: https://a\n    prefix: https://b\n", 5, "not both url and prefix"),
        ("  - url: https://a\n    status: 700\n", 5, "100...599"),
        ("  - url: https://a\n    status: ok\n", 5, "HTTP status code"),
        ("  - url: https://a\n    method: 'GE T'\n", 5, "HTTP method"),
        ("  - url: https://a\n    latency: fast\n", 5, "duration"),
        ("  - url: https://a\n    latency: {uniform: [5ms, 1ms]}\n", 5, "above its high"),
        ("  - url: https://a\n    rate: 200KB\n", 5, "transfer rate"),
        ("  - url: https://a\n    rate: 0KB/s\n", 5, "above 0"),
        ("  - url: https://a\n    fail: {timeout: 1.5}\n", 5, "0...1"),
        ("  - url: https://a\n    fail: {timeout: 0.6, dns: 0.6}\n", 5, "add up to"),
        ("  - url: https://a\n    fail: {slow: 0.1}\n", 5, "unknown key 'slow'"),
        ("  - url: https://a\n    body: x\n    bodyFile: y\n", 6, "not both"),
        ("  - url: https://a\n    headers: [a]\n", 5, "map"),
        ("  - url: https://a\n    colour: red\n", 5, "unknown key 'colour'"),
        ("  url: https://a\n", 4, "a list of rules"),
    ])
    func eachErrorNamesItsLine(rules: String, line: Int, message: String) throws {
        let found = try #require(error(rules))
        #expect(found.file == "n.yaml")
        #expect(found.line == line)
        #expect(found.message.contains(message), "\(found)")
    }

    /// The daemon's rules are JSON read by the same reader: the same rules as the YAML,
    /// named by field (no lines), strings never taken for numbers.
    @Test
    func rulesWrittenInJSONReadAsTheSection() throws {
        let yaml = try #require(try parse("""
              - glob: https://*.example.com/img/*.png
                method: post
                status: 201
                headers: {Content-Type: image/png}
                body: abc
                latency: {lognormal: {median: 80ms, p99: 400ms}}
                rate: 200KB/s
                fail: {timeout: 0.1, connectionLost: 0.05, dns: 0.01}
                mark: shown
              - prefix: https://b.example.com/
                latency: {uniform: [1ms, 2.5ms]}
            """).network?.rules)
        let json = try ScenarioNetwork.rules(json: """
            [{"glob": "https://*.example.com/img/*.png", "method": "post", "status": 201,
              "headers": {"Content-Type": "image/png"}, "body": "abc",
              "latency": {"lognormal": {"median": "80ms", "p99": "400ms"}}, "rate": "200KB/s",
              "fail": {"timeout": 0.1, "connectionLost": 0.05, "dns": 1e-2}, "mark": "shown"},
             {"prefix": "https://b.example.com/", "latency": {"uniform": ["1ms", "2.5ms"]}}]
            """, origin: "app.launch", field: "network", bodyDirectory: nil)
        #expect(json.map(\.location) == ["app.launch network[0]", "app.launch network[1]"])
        func unplaced(_ rules: [NetworkRule]) -> [NetworkRule] { rules.map { var rule = $0; rule.location = ""; return rule } }
        #expect(unplaced(json) == unplaced(yaml))

        let one = try ScenarioNetwork.rule(json: #"{"url": "https://a", "fail": {"timeout": 1}}"#, origin: "app.network",
                                           field: "add", bodyDirectory: nil)
        #expect(one.failures.timeout == 1)
        #expect(one.location == "app.network add")

        func failure(_ json: String, directory: String? = nil) -> ScenarioError? {
            do {
                _ = try ScenarioNetwork.rules(json: json, origin: "app.launch", field: "network", bodyDirectory: directory)
                return nil
            } catch {
                return error
            }
        }
        let quoted = try #require(failure(#"[{"url": "https://a"}, {"url": "https://b", "status": "200"}]"#))
        #expect(quoted.field == "network[1].status")
        #expect(quoted.line == nil)
        #expect(quoted.description.hasPrefix("app.launch: network[1].status: "), "\(quoted)")
        #expect(try #require(failure(#"[{"url": null}]"#)).message.contains("found nothing"))
        #expect(try #require(failure(#"[{"url": "https://a", "bodyFile": "feed.json"}]"#)).field == "network[0].bodyFile")
        let syntax = try #require(failure(#"[{"url": }]"#))
        #expect(syntax.message.hasPrefix("not JSON"))
        #expect(syntax.line == 1)
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(try #require(failure(deep)).message.hasPrefix("not JSON"))
    }
}

@Suite("Scripted network: matching and draws")
struct NetworkMatchingTests {
    @Test
    func patternsMatchExactlyByPrefixOrByGlob() {
        #expect(NetworkRule.Pattern.exact("https://a.com/feed").matches("https://a.com/feed"))
        #expect(!NetworkRule.Pattern.exact("https://a.com/feed").matches("https://a.com/feed?page=2"))
        #expect(NetworkRule.Pattern.prefix("https://a.com/").matches("https://a.com/feed?page=2"))
        #expect(!NetworkRule.Pattern.prefix("https://a.com/").matches("https://b.com/"))
        let glob = NetworkRule.Pattern.glob("https://*.example.com/img/*.png")
        #expect(glob.matches("https://cdn.example.com/img/a/b.png"))
        #expect(!glob.matches("https://cdn.example.com/img/a.jpg"))
        #expect(NetworkRule.Pattern.glob("https://a.com/?").matches("https://a.com/x"))
        #expect(!NetworkRule.Pattern.glob("https://a.com/?").matches("https://a.com/xy"))
    }

    @Test
    func theFirstMatchingRuleWinsAndMethodsFilter() {
        let rules = [
            NetworkRule(pattern: .prefix("https://a.com/"), method: "POST", status: 201),
            NetworkRule(pattern: .exact("https://a.com/feed"), status: 202),
            NetworkRule(pattern: .prefix("https://a.com/"), status: 203),
        ]
        func status(_ method: String, _ url: String) -> Int? {
            rules.first { $0.matches(method: method, url: url) }?.status
        }
        #expect(status("POST", "https://a.com/feed") == 201)
        #expect(status("GET", "https://a.com/feed") == 202)
        #expect(status("get", "https://a.com/other") == 203)
        #expect(status("GET", "https://b.com/") == nil)
    }
}
