import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LifeloopCore
import LifeloopNetwork
import Testing

/// What a test app saw, filled on URLSession's queues and read on the loop.
final class Seen: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}

private func feedRule(latency: NetworkLatency = .fixed(.milliseconds(120))) -> NetworkRule {
    // A URL no other test of the process fetches (see `networkCatalog(url:)`).
    NetworkRule(pattern: .exact("https://api.example.com/served"), headers: ["Content-Type": "text/plain"],
                body: Data("hello".utf8), latency: latency, location: "test.yaml:3:5")
}

@Suite("Scripted network: serving URLSession")
struct NetworkServingTests {
    @Test
    func aDataTaskOfTheSharedSessionIsServedAtItsLatency() throws {
        let loop = try EventLoop(clock: .virtual)
        let network = ScriptedNetwork(rules: [feedRule()], seed: 1, source: "test.yaml:2:1")
        network.install(on: loop)
        let seen = Seen()
        let poster = loop.makePoster()
        let now = UncheckedLoop(loop)
        URLSession.shared.dataTask(with: URL(string: "https://api.example.com/served")!) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? -1
            let text = String(decoding: data ?? Data(), as: UTF8.self)
            poster.post { seen.add("\(status) \(text) @\(now.loop.now.nanoseconds / 1_000_000)ms") }
        }.resume()
        try loop.runUntilIdle()
        #expect(seen.all == ["200 hello @120ms"])
        #expect(loop.trace.lines.contains("GET https://api.example.com/served jobSubmit"))
        #expect(loop.trace.lines.contains("network response"))
    }

    @Test
    func anUnmatchedRequestFailsNamingTheURLAndWhereTheRulesAre() throws {
        let loop = try EventLoop(clock: .virtual)
        let network = ScriptedNetwork(rules: [feedRule()], seed: 1, source: "test.yaml:2:1")
        var diagnostics: [String] = []
        network.onDiagnostic = { diagnostics.append($0) }
        network.install(on: loop)
        let seen = Seen()
        URLSession.shared.dataTask(with: URL(string: "https://api.example.com/other-unmatched")!) { _, _, error in
            seen.add("\((error as? URLError)?.code == .resourceUnavailable) \(error?.localizedDescription ?? "")")
        }.resume()
        try loop.runUntilIdle()
        #expect(seen.all == ["true no rule of the scripted network (test.yaml:2:1) matches GET https://api.example.com/other-unmatched"])
        #expect(diagnostics.count == 1)
    }
}

extension NetworkServingTests {
    /// A download task fails with an error that says why (corelibs gives a URLProtocol's
    /// download no file), rather than completing with no file or trapping in a delegate.
    @Test
    func aDownloadTaskFailsSayingWhy() throws {
        let loop = try EventLoop(clock: .virtual)
        let network = ScriptedNetwork(rules: [feedRule()], seed: 1, source: "test.yaml:2:1")
        network.install(on: loop)
        let seen = Seen()
        URLSession.shared.downloadTask(with: URL(string: "https://api.example.com/served")!) { location, _, error in
            seen.add("\(location == nil) \((error as? URLError)?.code == .resourceUnavailable) \(error?.localizedDescription ?? "no error")")
        }.resume()
        try loop.runUntilIdle()
        #expect(seen.all.count == 1)
        #expect(seen.all.first?.hasPrefix("true true GET https://api.example.com/served is a download task, which the scripted network cannot serve on Linux") == true, "\(seen.all)")
    }
}

/// The loop, read only on its own thread from a closure posted to it.
struct UncheckedLoop: @unchecked Sendable {
    let loop: EventLoop
    init(_ loop: EventLoop) { self.loop = loop }
}


    /// Many requests of one session in flight at once, answered from a loop on another
    /// thread while URLSession adds and removes the others' tasks: each completion gets
    /// its own body (a reply handed over off the session's work queue raced its task
    /// registry, and crashed once in a while).
    @Test
    func manyRequestsInFlightAtOnceAreEachAnsweredWithTheirOwnBody() throws {
        let count = 60
        let results = Seen()
        let done = DispatchSemaphore(value: 0)
        Thread {
            defer { done.signal() }
            do {
                let loop = try EventLoop(clock: .virtual)
                let rules = (0..<count).map { index in
                    NetworkRule(pattern: .exact("https://api.example.com/many/\(index)"), headers: [:], body: Data("body \(index)".utf8),
                                latency: .fixed(.milliseconds(Int64(1 + index % 7))), location: "test.yaml:\(index + 3):5")
                }
                let network = ScriptedNetwork(rules: rules, seed: 1, source: "test.yaml:2:1")
                network.install(on: loop)
                let seen = Seen()
                let poster = loop.makePoster()
                for index in 0..<count {
                    URLSession.shared.dataTask(with: URL(string: "https://api.example.com/many/\(index)")!) { data, _, _ in
                        let text = String(decoding: data ?? Data(), as: UTF8.self)
                        poster.post { seen.add("\(index) \(text)") }
                    }.resume()
                }
                try loop.runUntilIdle()
                for line in seen.all { results.add(line) }
                network.uninstall()
            } catch {
                results.add("error: \(error)")
            }
        }.start()
        #expect(done.wait(timeout: .now() + 120) == .success)
        #expect(results.all.sorted() == (0..<count).map { "\($0) body \($0)" }.sorted())
    }

extension NetworkServingTests {
    /// Two apps on two threads of one process fetch the same URL at the same moments:
    /// each request is answered by its own app's network, at its own latency, and its
    /// completion handler reaches its own loop, never the other app's.
    @Test
    func twoAppsFetchingTheSameURLAtOnceAreEachServedByTheirOwnNetwork() throws {
        let url = "https://api.example.com/shared-by-two-apps"
        let rounds = 40
        @Sendable func app(_ body: String, latency: Int) -> [String] {
            var lines: [String] = []
            do {
                let loop = try EventLoop(clock: .virtual)
                let rule = NetworkRule(pattern: .exact(url), headers: [:], body: Data(body.utf8),
                                       latency: .fixed(.milliseconds(Int64(latency))), location: "test.yaml:3:5")
                let network = ScriptedNetwork(rules: [rule], seed: 1, source: "test.yaml:2:1")
                network.install(on: loop)
                let seen = Seen()
                let poster = loop.makePoster()
                let now = UncheckedLoop(loop)
                for round in 0..<rounds {
                    URLSession.shared.dataTask(with: URL(string: url)!) { data, _, _ in
                        let text = String(decoding: data ?? Data(), as: UTF8.self)
                        poster.post { seen.add("\(round) \(text) @\(now.loop.now.nanoseconds / 1_000_000)ms") }
                    }.resume()
                    try loop.runUntilIdle()
                }
                lines = seen.all
                network.uninstall()
            } catch {
                lines = ["error: \(error)"]
            }
            return lines
        }
        let results = Seen()
        let group = DispatchGroup()
        for (body, latency) in [("from A", 30), ("from B", 70)] {
            group.enter()
            Thread {
                for line in app(body, latency: latency) { results.add("\(body): \(line)") }
                group.leave()
            }.start()
        }
        group.wait()
        let expected = ["from A", "from B"].flatMap { body in
            let latency = body == "from A" ? 30 : 70
            return (0..<rounds).map { "\(body): \($0) \(body) @\(latency * ($0 + 1))ms" }
        }
        #expect(results.all.sorted() == expected.sorted())
    }
}
