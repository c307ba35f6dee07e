import Foundation

/// Prints the table and the goals, and writes the JSON that `BENCH_JSON` asks for.
enum Report {
    /// One line per finished measurement on stderr, so a long run shows progress
    /// without mixing into the table on stdout.
    static func progress(_ measurement: Measurement) {
        let line = "measured \(measurement.workload.rawValue) / \(measurement.system.rawValue): "
            + String(format: "%.1f ", measurement.nanosecondsPerOperation) + measurement.unit
            + String(format: ", %.4f allocs/op\n", measurement.allocationsPerOperation)
        FileHandle.standardError.write(Data(line.utf8))
    }

    static func printTable(_ measurements: [Measurement], defaultN: Int, allocationCheck: AllocCounter.Check) {
        let rows = sorted(measurements)
        print(row("workload", "system", "N", "ns/op", "allocs/op"))
        print(String(repeating: "-", count: 86))
        for measurement in rows {
            let line = row(
                measurement.workload.rawValue,
                measurement.system.rawValue,
                measurement.n == defaultN ? "" : "\(measurement.n)",
                String(format: "%.1f", measurement.nanosecondsPerOperation),
                String(format: "%.4f", measurement.allocationsPerOperation)
            )
            if let megabytes = measurement.megabytesPerSecond {
                print(line + String(format: "  (%@; %.0f MB/s)", measurement.unit, megabytes))
            } else {
                print(measurement.unit == "ns/op" || measurement.unit == "ns/event" ? line
                      : line + "  (\(measurement.unit), not ns)")
            }
        }
        print("N = \(defaultN) operations per run unless stated; best of 3 runs after a warm-up.")
        print("View rows: layoutAll100k op = one view laid out; layoutOneLeaf100k op = mark one leaf + one pass;")
        print("  setNeedsLayout1M op = one call; memoryPerView = heap bytes (mallinfo2) and allocations per view, one reading.")
        print("Simulation rows: op = one animated push+pop cycle, summed over 4 windows (60, 60, 120, 120 Hz), virtual clock;")
        print("  N = cycles in one simulated hour; best of 3 hours after a 5-minute warm-up, the rows taking turns.")
        for measurement in rows {
            guard let figures = measurement.simulation else { continue }
            print("  \(measurement.workload.rawValue): \(Int(figures.simulatedSeconds)) s simulated in "
                + String(format: "%.3f s wall = %.0f× real time, %.0f cycles per wall s, %llu turns",
                         figures.wallSeconds, figures.simulatedSecondsPerWallSecond, figures.cyclesPerWallSecond,
                         figures.turns))
        }
        print("Trace rows: events from 120 simulated s of the simulation (all kept); trace record op = one loop.record")
        print("  into an unbounded trace, 100 per turn, the turn's timer included ((digest): digest-only trace; (off): tracing")
        print("  off); trace digest op = one event hashed and folded; render op = one event of that trace rendered, with MB/s.")
        print("  simulation1h (digest) is the simulation with a digest-only trace; (traced) keeps the last 4,096 events.")
        print("allocs/op: interposed malloc family; check: \(allocationCheck.objects) Swift objects counted as \(allocationCheck.counted) allocations.")
    }

    static func printGoals(_ verdicts: [Goal.Verdict]) {
        print("")
        print("ratios (Lifeloop / peer) and absolute goals")
        for verdict in verdicts {
            let measured = verdict.measured.map { String(format: verdict.goal.measuredFormat, $0) } ?? "n/a"
            let status = verdict.met.map { $0 ? "met" : "NOT met" } ?? "not measured"
            print("  \(pad(verdict.goal.name, 44)) \(pad(measured, 8)) goal \(verdict.goal.limitText)  \(status)")
        }
    }

    static func writeJSON(_ measurements: [Measurement], to path: String) throws {
        struct Row: Encodable {
            var workload: String
            var system: String
            var ns_per_op: Double
            var allocs_per_op: Double
            /// "ns/op", or "bytes/view" for `memoryPerView`, whose figure is in `ns_per_op`, or
            /// "ns/cycle" for the simulation rows.
            var unit: String
            /// The simulation rows only: virtual seconds run per wall second, and push+pop
            /// cycles per wall second.
            var simulated_s_per_wall_s: Double?
            var cycles_per_wall_s: Double?
            /// The rendering rows only: MB (10^6 bytes) of output per second.
            var mb_per_s: Double?
        }
        let rows = sorted(measurements).map {
            Row(
                workload: $0.workload.rawValue,
                system: $0.system.rawValue,
                ns_per_op: $0.nanosecondsPerOperation,
                allocs_per_op: $0.allocationsPerOperation,
                unit: $0.unit,
                simulated_s_per_wall_s: $0.simulation?.simulatedSecondsPerWallSecond,
                cycles_per_wall_s: $0.simulation?.cyclesPerWallSecond,
                mb_per_s: $0.megabytesPerSecond
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(rows).write(to: URL(fileURLWithPath: path))
    }

    private static func sorted(_ measurements: [Measurement]) -> [Measurement] {
        let workloads = Workload.allCases
        let systems = System.allCases
        return measurements.sorted {
            ($0.workload == $1.workload)
                ? systems.firstIndex(of: $0.system)! < systems.firstIndex(of: $1.system)!
                : workloads.firstIndex(of: $0.workload)! < workloads.firstIndex(of: $1.workload)!
        }
    }

    private static func row(_ columns: String...) -> String {
        let widths = [22, 20, 9, 12, 12]
        return zip(columns, widths).enumerated().map { index, pair in
            index < 2 ? pad(pair.0, pair.1) : String(repeating: " ", count: max(0, pair.1 - pair.0.count)) + pair.0
        }.joined(separator: " ")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
