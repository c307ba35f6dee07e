import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LifeloopCore
import LifeloopNetwork

#if canImport(Glibc)
import Glibc
#endif

/// The scripted network's row: the CPU one scripted request and its response cost, from
/// `dataTask(with:completionHandler:)` and `resume()` on the loop's thread to the
/// completion handler having run on URLSession's delegate queue (the loop waits for it),
/// served from a rule at a fixed virtual latency, the loop on the process's main thread (as
/// `lifeloop run` hosts an app). CPU of the whole process (every thread:
/// the loop, URLSession's queues, the worker), per request; goal ≤ 20 µs.
/// `BENCH_ONLY=network make bench` runs only this row.
enum NetworkWorkload {
    static let requests = 3_000
    static let goalMicroseconds = 20.0

    static func processCPU() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
    }

    static func run() throws {
        let loop = try EventLoop(LoopConfiguration(clock: .virtual, traceMode: .digestOnly))
        defer { try? loop.close() }
        // As `lifeloop run` hosts an app: on the process's main thread, where URLSession's
        // own queue hops run on the loop's Dispatch scheduler.
        if MainThread.isCurrent { try loop.adoptMainThread() }
        let body = Data(repeating: 0x61, count: 2_048)
        let network = ScriptedNetwork(rules: [NetworkRule(pattern: .prefix("https://bench.example.com/"), body: body,
                                                          latency: .fixed(.milliseconds(40)))],
                                      seed: 1, source: "bench")
        network.install(on: loop)
        let url = URL(string: "https://bench.example.com/feed")!
        func one() throws {
            URLSession.shared.dataTask(with: url) { data, _, _ in precondition(data?.count == body.count) }.resume()
            try loop.runUntilIdle()
        }
        for _ in 0..<200 { try one() }
        var figures: [Double] = []
        for _ in 0..<3 {
            let start = processCPU()
            for _ in 0..<requests { try one() }
            figures.append((processCPU() - start) / Double(requests) / 1_000)
        }
        figures.sort()
        let median = figures[1]
        print(String(format: "network: CPU per scripted request+response (dataTask, rule, completion): %.1f µs (min %.1f, max %.1f; goal ≤ %.0f µs) %@",
                     median, figures[0], figures[2], goalMicroseconds, median <= goalMicroseconds ? "met" : "NOT MET"))
    }
}
