import Foundation
import LifeloopSamples
import LifeloopScenario

/// Actions per second per core of `lifeloop explore`'s app side, in process: an
/// ``ExploreWorker`` (the code a crawl's worker process runs) driven breadth-first over a
/// sample's screens as the crawler drives it (a restart and the path replayed before each
/// action tried, every request and reply as the JSON lines the pipes carry), on one thread.
/// The process boundary and the crawler's bookkeeping are left out: this is the app's
/// share of a crawl. `BENCH_ONLY=explore make bench` runs only this.
enum ExploreWorkload {
    /// Samples without planted traps (a trap would end the bench, as it ends a worker).
    static let samples = ["Contacts", "UIKitForm", "LoginApp"]

    static func run() throws {
        print("\nexplore: actions per second per core (ExploreWorker in process, breadth-first, replays counted; best of 3)")
        print("  " + pad("sample", 14) + pad("screens", 9) + pad("tried", 7) + pad("run", 7) + pad("actions/s/core", 16)
              + pad("restart ms", 12) + "action ms")
        var rates: [Double] = []
        for sample in samples {
            var best: (screens: Int, tried: Int, run: Int, rate: Double, restart: Double, action: Double) = (0, 0, 0, 0, 0, 0)
            for _ in 0..<3 {
                let result = try crawl(sample)
                if result.rate > best.rate { best = result }
            }
            rates.append(best.rate)
            print("  " + pad(sample, 14) + pad("\(best.screens)", 9) + pad("\(best.tried)", 7) + pad("\(best.run)", 7)
                  + pad(String(format: "%.0f", best.rate), 16) + pad(String(format: "%.3f", best.restart), 12)
                  + String(format: "%.3f", best.action))
        }
        let worst = rates.min() ?? 0
        print(String(format: "  goal: ≥ 2,000 actions/s/core (the slowest sample): %.0f, %@", worst, worst >= 2_000 ? "met" : "NOT met"))
    }

    /// One breadth-first crawl of `sample` (at most 200 actions tried): screens found,
    /// actions tried, actions run (with the replays) and actions run per wall second.
    static func crawl(_ sample: String) throws -> (screens: Int, tried: Int, run: Int, rate: Double, restart: Double, action: Double) {
        let scenario = try ScenarioFile.parse(ExploreTarget.sample(sample), file: "explore.yaml", directory: ".")
        let runner = try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps)
        let worker = ExploreWorker(runner: runner, seed: 0, settleBudget: .seconds(10))
        func send(_ request: ExploreRequest) -> ExploreReply? {
            var last: ExploreReply?
            _ = worker.handle(request.line()) { reply in
                // The reply crosses a pipe in a real crawl: encoded and decoded here too.
                let decoded = try? JSONDecoder().decode(ExploreReply.self, from: Data(reply.line().utf8))
                if reply.kind != "start" { last = decoded }
            }
            return last
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var run = 0
        var tried = 0
        var restarts = 0
        var restartNanos: UInt64 = 0
        func restart() -> ExploreReply? {
            let began = DispatchTime.now().uptimeNanoseconds
            defer { restartNanos += DispatchTime.now().uptimeNanoseconds - began; restarts += 1 }
            return send(ExploreRequest(op: "restart"))
        }
        guard let home = restart()?.screen else { return (0, 0, 0, 0, 0, 0) }
        var paths: [String: [ExploreAction]] = [home.id: []]
        var queue: [ExploreScreen] = [home]
        var next = 0
        while next < queue.count, tried < 200 {
            let screen = queue[next]
            next += 1
            for candidate in screen.actions where tried < 200 {
                let path = paths[screen.id] ?? []
                _ = restart()
                for step in path { _ = send(ExploreRequest(op: "act", action: step)); run += 1 }
                let reply = send(ExploreRequest(op: "act", action: candidate.action))
                run += 1
                tried += 1
                if let reached = reply?.screen, paths[reached.id] == nil {
                    paths[reached.id] = path + [candidate.action]
                    queue.append(reached)
                }
            }
        }
        let nanos = DispatchTime.now().uptimeNanoseconds - start
        let seconds = Double(nanos) / 1e9
        let restartMs = restarts > 0 ? Double(restartNanos) / 1e6 / Double(restarts) : 0
        let actionMs = run > 0 ? Double(nanos - restartNanos) / 1e6 / Double(run) : 0
        return (queue.count, tried, run, seconds > 0 ? Double(run) / seconds : 0, restartMs, actionMs)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
