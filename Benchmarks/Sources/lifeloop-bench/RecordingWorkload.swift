import Foundation
import Lifeloop

/// Issue 12's recording cost: the same host-clock run unrecorded and recorded (every clock
/// read, arrival and turn digest streamed to a file), both with a digest-only trace, in
/// interleaved pairs judged by the median of their ratios. The run: 100,000 turns, each a task that queues the next, with a
/// worker job submitted every 50 turns (so arrivals are recorded too). Turns that do
/// nothing else are the worst case: a real app's turns run callbacks and passes, next to
/// which a recorded clock read (16 bytes) weighs less.
enum RecordingWorkload {
    static let turns = 100_000

    static func run() throws {
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = directory + "/lifeloop-bench-\(getpid()).llrec"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // One row alone, once (for counting instructions: scripts/bench-recording-instructions.sh).
        if let row = ProcessInfo.processInfo.environment["LIFELOOP_BENCH_RECORDING_ROW"] {
            let seconds = try once(recordTo: row == "recorded" ? path : nil)
            print(String(format: "recording row %@: %.1f ms", row, seconds * 1e3))
            return
        }
        // Pairs taken in turns (unrecorded, recorded): the median of the pairs' ratios
        // judges, as a pair shares the host's load of its moment.
        let pairs = 9
        var plain: [Double] = []
        var recorded: [Double] = []
        var ratios: [Double] = []
        var size = 0
        for _ in 0..<pairs {
            plain.append(try once(recordTo: nil))
            recorded.append(try once(recordTo: path))
            ratios.append(recorded.last! / plain.last!)
            size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        let best = (plain.min()!, recorded.min()!)
        let sorted = ratios.sorted()
        print("\nrecording (host clock, \(turns) turns, a job every 50, digest-only trace; \(pairs) interleaved pairs)")
        print(String(format: "  unrecorded: %.1f ms best (%.0f ns per turn)", best.0 * 1e3, best.0 * 1e9 / Double(turns)))
        print(String(format: "  recorded:   %.1f ms best (%.0f ns per turn), %d bytes of recording (%.1f per turn)", best.1 * 1e3,
                     best.1 * 1e9 / Double(turns), size, Double(size) / Double(turns)))
        let ratio = sorted[pairs / 2]
        print(String(format: "  pairs' ratios: %@", sorted.map { String(format: "%.3f", $0) }.joined(separator: " ")))
        print(String(format: "  recorded / unrecorded (median of pairs)   %.3f    goal ≤ 1.2×  %@", ratio, ratio <= 1.2 ? "met" : "NOT met"))
    }

    private static func once(recordTo path: String?) throws -> Double {
        final class Box: @unchecked Sendable {
            // @unchecked: written by the run's thread before it signals, read after.
            var result: Result<Double, any Error> = .success(0)
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result {
                let app = try Application(clock: .host, workerWidth: 2, traceMode: .digestOnly)
                let writer = try path.map { try app.startRecording(to: $0, program: "bench") }
                var remaining = turns
                func step() {
                    remaining -= 1
                    if remaining % 50 == 0 { let value = remaining; app.loop.submit(label: "job", work: { value }, completion: { _ in }) }
                    if remaining > 0 { app.loop.execute(step) }
                }
                let start = DispatchTime.now().uptimeNanoseconds
                app.loop.execute(step)
                try app.loop.runUntilIdle(maxTurns: turns * 4)
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if let writer { try app.finishRecording(writer) }
                try app.close()
                return elapsed
            }
            done.signal()
        }
        thread.start()
        done.wait()
        return try box.result.get()
    }
}
