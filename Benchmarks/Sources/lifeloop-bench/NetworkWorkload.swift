import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LifeloopCore
import LifeloopNetwork

#if canImport(Glibc)
import Glibc
#endif

/// The scripted network's rows: the CPU one scripted request and its response cost, from
/// `dataTask(with:completionHandler:)` and `resume()` on the loop's thread to the
/// completion handler having run, served from a rule at a fixed virtual latency, the loop
/// on the process's main thread (as `lifeloop run` hosts an app). CPU of the whole
/// process (every thread), per request; goal ≤ 20 µs.
///
/// Two peers, measured in the same run, give URLSession's own share:
/// - the same session kind served by a trivial `URLProtocol` that answers at once in
///   `startLoading`, with no Lifeloop anywhere (libdispatch's threads, a semaphore for the
///   completion): what URLSession costs before any scripting;
/// - both for `URLSession.shared` (its `URLCache` looks on disk for every request) and for
///   an ephemeral session (a memory cache).
/// `BENCH_ONLY=network make bench` runs only these rows.
enum NetworkWorkload {
    static let requests = 3_000
    static let goalMicroseconds = 20.0

    static func processCPU() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
    }

    static let body = Data(repeating: 0x61, count: 2_048)

    /// Median, min, max of three repetitions of `requests` calls of `one`, in µs of CPU each.
    static func measure(_ one: () throws -> Void) rethrows -> (median: Double, min: Double, max: Double) {
        for _ in 0..<200 { try one() }
        var figures: [Double] = []
        for _ in 0..<3 {
            let start = processCPU()
            for _ in 0..<requests { try one() }
            figures.append((processCPU() - start) / Double(requests) / 1_000)
        }
        figures.sort()
        return (figures[1], figures[0], figures[2])
    }

    /// The peer's protocol: answers every request at once with the bench's body.
    final class ImmediateProtocol: URLProtocol, @unchecked Sendable {
        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func startLoading() {
            let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: NetworkWorkload.body)
            client?.urlProtocolDidFinishLoading(self)
        }
        override func stopLoading() {}
    }

    static func run() throws {
        let url = URL(string: "https://bench.example.com/feed")!
        // Before anything makes URLSession.shared, as a scenario run does.
        ScriptedURLProtocol.register()
        let ephemeral = URLSessionConfiguration.ephemeral
        ephemeral.protocolClasses = [ImmediateProtocol.self]
        let peerSession = URLSession(configuration: ephemeral)
        let done = DispatchSemaphore(value: 0)
        let peerEphemeral = measure {
            peerSession.dataTask(with: url) { data, _, _ in
                precondition(data?.count == body.count)
                done.signal()
            }.resume()
            done.wait()
        }

        let loop = try EventLoop(LoopConfiguration(clock: .virtual, traceMode: .digestOnly))
        defer { try? loop.close() }
        if MainThread.isCurrent { try loop.adoptMainThread() }
        let network = ScriptedNetwork(rules: [NetworkRule(pattern: .prefix("https://bench.example.com/"), body: body,
                                                          latency: .fixed(.milliseconds(40)))],
                                      seed: 1, source: "bench")
        network.install(on: loop)
        let scriptedShared = try measure {
            URLSession.shared.dataTask(with: url) { data, _, _ in precondition(data?.count == body.count) }.resume()
            try loop.runUntilIdle()
        }
        let scriptedSession = URLSession(configuration: ScriptedNetwork.serve(URLSessionConfiguration.ephemeral))
        let scriptedEphemeral = try measure {
            scriptedSession.dataTask(with: url) { data, _, _ in precondition(data?.count == body.count) }.resume()
            try loop.runUntilIdle()
        }

        func line(_ title: String, _ figures: (median: Double, min: Double, max: Double)) -> String {
            String(format: "  %-58@ %7.1f µs  (min %.1f, max %.1f)", title as NSString, figures.median, figures.min, figures.max)
        }
        print("\nnetwork: CPU per request+response (dataTask, response, completion run), \(requests) × 3, median")
        print(line("scripted, URLSession.shared (Lifeloop, virtual clock)", scriptedShared))
        print(line("scripted, ephemeral session (Lifeloop, virtual clock)", scriptedEphemeral))
        print(line("peer: ephemeral session, a protocol answering at once", peerEphemeral))
        let added = scriptedEphemeral.median - peerEphemeral.median
        print(String(format: "  Lifeloop's share (scripted − peer, ephemeral): %.1f µs; goal ≤ %.0f µs per scripted request: %@",
                     added, goalMicroseconds, scriptedShared.median <= goalMicroseconds ? "met" : "NOT MET (URLSession's own machinery is most of it)"))
    }
}
