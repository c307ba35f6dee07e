import Foundation
import LifeloopCore
import LifeloopHost
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Issue 13's daemon rows: a real release `lifeloopd` on a socket in a fresh 0700
/// directory, hosting real app processes (`lifeloop host-app`), driven by real blocking
/// clients (`DaemonClient`) from this process. `BENCH_ONLY=daemon make bench` runs only
/// these.
///
/// - launch to ready: wall time from sending `app.launch` (the MultiWindow sample) to its
///   reply, one launch at a time; 3 rounds of 50 launches, each round's apps terminated
///   after it; P50/P99 the median of the rounds'. Apps are forked by the daemon's fork
///   server; the baseline is 30 launches on a second daemon run with `--no-fork-server`
///   (each app a program of its own). Goal: P50 ≤ 2 ms.
/// - tap + settle: one SeedSegue app, `app.tap A.button` + `app.settle` (the modal segue)
///   then `app.tap B.button` + `app.settle` (its dismissal), each pair timed; 3 rounds of
///   500 pairs; P50/P99 the median of the rounds'.
/// - memory per idle app: 100 MultiWindow apps launched and settled; VmRSS (and PSS, which
///   shares the shared libraries out) of each app process, averaged, and the daemon's own
///   VmRSS growth per app.
/// - requests per second: those 100 apps, 4 threads each with its own client sending
///   `app.describe` to random apps for 2 s; 3 rounds, the median.
/// - scale: apps launched in steps (100, 400, 1,600, 4,000, 10,000) until free memory
///   runs under 2 GiB, the daemon's descriptors would run out, a launch fails, launch P99
///   goes above 10× the first step's, or the time budget is spent; at each step
///   `app.describe` round trips on random apps (3 rounds of 1,000, the median of their
///   P50s and P99s) and the step's launches. The figure: the largest step whose describe
///   P99 is within 2× the first step's (steps above that are listed). Goal: 10,000 apps
///   at once, with the PSS of every 10th app at the last step.
///
/// The executables: `LIFELOOP_BIN_DIR` if set, else the root package's `.build/release`
/// (what `make bench` builds).
enum DaemonWorkload {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let launchRounds = 3
    static let launchesPerRound = 50
    static let pairsPerRound = 500
    static let idleApps = 100
    static let throughputThreads = 4
    static let throughputSeconds = 2.0
    static let steps = [100, 400, 1_600, 4_000, 10_000]
    static let describesPerStep = 1_000
    static let minimumFreeBytes: UInt64 = 2 << 30
    /// Seconds the scale steps may take in all, so the whole run stays near 3 minutes.
    static let scaleBudgetSeconds = 300.0
    /// Launches measured on a daemon without its fork server, each app a program of its own.
    static let baselineLaunches = 30
    /// The goals: launch to ready (P50, ms) and apps hosted at once.
    static let launchGoalMs = 2.0
    static let appsGoal = 10_000

    static var binDirectory: String {
        if let directory = ProcessInfo.processInfo.environment["LIFELOOP_BIN_DIR"], !directory.isEmpty {
            return directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        }
        return checkout + "/.build/release"
    }

    static func run() throws {
        let daemonPath = binDirectory + "/lifeloopd"
        let appPath = binDirectory + "/lifeloop"
        print("\ndaemon (release lifeloopd hosting `lifeloop host-app` processes over its Unix socket; wall times from this")
        print("  process's blocking DaemonClient, request sent to reply read; P99 by nearest rank)")
        for path in [daemonPath, appPath] where !FileManager.default.isExecutableFile(atPath: path) {
            print("  not measured: \(path) is missing (`make bench` builds it; LIFELOOP_BIN_DIR names another directory)")
            return
        }
        let descriptorLimit = raiseDescriptorLimit()
        let daemon = try RunningDaemon(executable: daemonPath, appExecutable: appPath, arguments: ["--max-apps", "12000"])
        var failure: (any Error)?
        do {
            try measure(daemon, ownDescriptorLimit: descriptorLimit)
        } catch {
            failure = error
            print("  FAILED: \(error)")
            let log = daemon.stderr.split(separator: "\n").suffix(20).joined(separator: "\n    ")
            if !log.isEmpty { print("  lifeloopd's stderr (last lines):\n    \(log)") }
        }
        let unexpected = daemon.stderr.split(separator: "\n").filter {
            !$0.contains("listening on") && !($0.contains(") exited: ") && $0.contains("app-"))
        }
        if failure == nil, !unexpected.isEmpty {
            print("  lifeloopd's stderr, other than its start and apps' exits (\(unexpected.count) lines):")
            for line in unexpected.prefix(10) { print("    \(line)") }
        }
        let stopped = daemon.shutDown()
        print("  shutdown: \(stopped)")
        if let failure {
            fflush(nil)  // stdout is a pipe under `make bench | tee`: keep these lines when the throw ends the program
            throw failure
        }
    }

    private static func measure(_ daemon: RunningDaemon, ownDescriptorLimit: UInt64) throws {
        let client = try DaemonClient(socketPath: daemon.socketPath, clientName: "bench")

        // 1. Launch to ready.
        var launchP50: [Double] = []
        var launchP99: [Double] = []
        for round in 0..<launchRounds {
            var times: [Double] = []
            var launched: [String] = []
            for index in 0..<launchesPerRound {
                let (reply, seconds) = try timed {
                    try client.call("app.launch", ["sample": "MultiWindow", "seed": .int(round * 1_000 + index)])
                }
                times.append(seconds)
                launched.append(try appID(reply))
            }
            try terminate(launched, socketPath: daemon.socketPath)
            let sorted = times.sorted()
            launchP50.append(percentile(sorted, 0.5))
            launchP99.append(percentile(sorted, 0.99))
        }
        row("launch to ready (MultiWindow)", "P50 \(ms(median(launchP50)))  P99 \(ms(median(launchP99)))",
            "forked by the fork server; \(launchesPerRound) launches × \(launchRounds), median of rounds; rounds' P50 \(list(launchP50)), P99 \(list(launchP99))")
        // The baseline: the same launches on a daemon that starts each app as a program.
        let baseline = try RunningDaemon(executable: binDirectory + "/lifeloopd", appExecutable: binDirectory + "/lifeloop",
                                         arguments: ["--no-fork-server"])
        var baselineTimes: [Double] = []
        do {
            let baselineClient = try DaemonClient(socketPath: baseline.socketPath, clientName: "bench-baseline")
            var launched: [String] = []
            for index in 0..<baselineLaunches {
                let (reply, seconds) = try timed {
                    try baselineClient.call("app.launch", ["sample": "MultiWindow", "seed": .int(index)])
                }
                baselineTimes.append(seconds)
                launched.append(try appID(reply))
            }
            try terminate(launched, socketPath: baseline.socketPath)
        }
        _ = baseline.shutDown()
        let baselineP50 = percentile(baselineTimes.sorted(), 0.5)
        row("launch to ready, no fork server", "P50 \(ms(baselineP50))",
            "lifeloopd --no-fork-server: each app starts `lifeloop host-app`; \(baselineLaunches) launches; "
                + String(format: "the fork server's launch is %.1f× faster", baselineP50 / median(launchP50)))
        let launchMs = median(launchP50) * 1000
        print(String(format: "  goal launch to ready ≤ %.0f ms (P50): %.2f ms, %@", launchGoalMs, launchMs,
                     launchMs <= launchGoalMs ? "met" : "NOT met"))

        // 2. Tap + settle on a small app.
        let seedSegue = try appID(client.call("app.launch", ["sample": "SeedSegue", "seed": 4]))
        func pair(_ view: String) throws -> Double {
            try timed {
                try client.call("app.tap", ["app": .string(seedSegue), "view": .string(view)])
                try client.call("app.settle", ["app": .string(seedSegue)])
            }.1
        }
        for _ in 0..<20 { _ = try pair("A.button"); _ = try pair("B.button") }
        var pairP50: [Double] = []
        var pairP99: [Double] = []
        for _ in 0..<launchRounds {
            var times: [Double] = []
            for _ in 0..<(pairsPerRound / 2) {
                times.append(try pair("A.button"))
                times.append(try pair("B.button"))
            }
            let sorted = times.sorted()
            pairP50.append(percentile(sorted, 0.5))
            pairP99.append(percentile(sorted, 0.99))
        }
        try terminate([seedSegue], socketPath: daemon.socketPath)
        row("tap + settle (SeedSegue)", "P50 \(ms(median(pairP50)))  P99 \(ms(median(pairP99)))",
            "\(pairsPerRound) pairs × \(launchRounds) (segue to B and back), median of rounds; P99s \(list(pairP99))")

        // 4. Memory per idle app (and the first scale step's launches).
        var apps: [(id: String, pid: Int32)] = []
        var stepLaunches: [Double] = []
        for index in 0..<idleApps {
            let (reply, seconds) = try timed { try client.call("app.launch", ["sample": "MultiWindow", "seed": .int(index)]) }
            stepLaunches.append(seconds)
            apps.append((try appID(reply), Int32(reply["pid"]?.int ?? 0)))
        }
        for app in apps { try client.call("app.settle", ["app": .string(app.id)]) }
        usleep(200_000)
        let appMemory = apps.map { memory(of: $0.pid) }
        let daemonNow = memory(of: daemon.pid)
        let averageRSS = appMemory.map(\.rssKiB).reduce(0, +) / Double(apps.count) / 1024
        let averagePSS = appMemory.map(\.pssKiB).reduce(0, +) / Double(apps.count) / 1024
        let threadsPerApp = appMemory.map(\.threads).reduce(0, +) / Double(apps.count)
        row("memory per idle app", String(format: "%.2f MiB PSS", averagePSS),
            String(format: "app process PSS (its own pages, and its share of those it shares with the fork server and the libraries) "
                   + "averaged over %d idle MultiWindow apps; VmRSS %.1f MiB; %.1f threads each; lifeloopd %.1f MiB RSS with them "
                   + "(its growth per app: the scale lines)",
                   apps.count, averageRSS, threadsPerApp, daemonNow.rssKiB / 1024))

        // 3. Requests per second across the 100 apps.
        let ids = apps.map(\.id)
        var rates: [Double] = []
        for round in 0..<launchRounds {
            rates.append(try throughput(socketPath: daemon.socketPath, apps: ids, seed: UInt64(round)))
        }
        row("requests/s, \(ids.count) apps", String(format: "%.0f req/s", median(rates)),
            "app.describe on random apps, \(throughputThreads) client threads × \(Int(throughputSeconds)) s, median of \(launchRounds); rounds "
                + rates.map { String(format: "%.0f", $0) }.joined(separator: ", "))

        // 5. Scale.
        try scale(daemon, client: client, apps: &apps, firstLaunches: stepLaunches, ownDescriptorLimit: ownDescriptorLimit,
                  threadsPerApp: threadsPerApp)

        // Everything terminated, 4 clients at once.
        let (_, seconds) = try timed { try terminate(apps.map(\.id), socketPath: daemon.socketPath) }
        print(String(format: "  terminated %d apps in %.1f s (4 clients at once)", apps.count, seconds))
    }

    private struct Step {
        var apps: Int
        var launchP50: Double
        var launchP99: Double
        var describeP50: Double
        var describeP99: Double
        var availableGiB: Double
        var daemonDescriptors: Int
        var daemonRSSKiB: Double
    }

    private static func scale(_ daemon: RunningDaemon, client: DaemonClient, apps: inout [(id: String, pid: Int32)],
                              firstLaunches: [Double], ownDescriptorLimit: UInt64, threadsPerApp: Double) throws {
        let started = Date()
        let daemonLimit = descriptorLimit(of: daemon.pid)
        print("  scale: apps launched in steps (MultiWindow, one at a time); at each step \(describesPerStep) app.describe on random apps")
        print("    descriptors: this process \(ownDescriptorLimit), lifeloopd \(daemonLimit.map(String.init) ?? "unknown") (1 per forked app in the daemon: its control channel)")
        var generator = SeededGenerator(seed: 13)
        var results: [Step] = []
        var limit: String?
        var launches = firstLaunches
        for target in steps {
            if target > apps.count {
                launches = []
                let descriptors = openDescriptors(of: daemon.pid)
                if let daemonLimit, descriptors + (target - apps.count) + 64 > daemonLimit {
                    limit = "lifeloopd's descriptors (\(descriptors) open of \(daemonLimit) before the step to \(target))"
                    break
                }
                var stop: String?
                while apps.count < target {
                    if apps.count % 25 == 0 {
                        if availableBytes() < minimumFreeBytes {
                            stop = "free memory (under 2 GiB available at \(apps.count) apps)"
                        } else if Date().timeIntervalSince(started) > scaleBudgetSeconds {
                            stop = "time (the \(Int(scaleBudgetSeconds)) s budget spent at \(apps.count) apps)"
                        }
                        if stop != nil { break }
                    }
                    do {
                        let (reply, seconds) = try timed {
                            try client.call("app.launch", ["sample": "MultiWindow", "seed": .int(apps.count)])
                        }
                        launches.append(seconds)
                        apps.append((try appID(reply), Int32(reply["pid"]?.int ?? 0)))
                    } catch {
                        stop = "a failed launch at \(apps.count) apps: \(error)"
                        break
                    }
                }
                if let stop {
                    limit = stop
                    break
                }
            }
            let ids = apps.map(\.id)
            var p50s: [Double] = []
            var p99s: [Double] = []
            for _ in 0..<3 {
                var times: [Double] = []
                for _ in 0..<describesPerStep {
                    let app = ids[generator.below(ids.count)]
                    times.append(try timed { try client.call("app.describe", ["app": .string(app)]) }.1)
                }
                let sortedTimes = times.sorted()
                p50s.append(percentile(sortedTimes, 0.5))
                p99s.append(percentile(sortedTimes, 0.99))
            }
            let sortedLaunches = launches.sorted()
            let step = Step(apps: apps.count, launchP50: percentile(sortedLaunches, 0.5), launchP99: percentile(sortedLaunches, 0.99),
                            describeP50: median(p50s), describeP99: median(p99s),
                            availableGiB: Double(availableBytes()) / Double(1 << 30), daemonDescriptors: openDescriptors(of: daemon.pid),
                            daemonRSSKiB: memory(of: daemon.pid).rssKiB)
            results.append(step)
            print("    \(String(step.apps).leftPadded(5)) apps: describe P50 \(ms(step.describeP50))  P99 \(ms(step.describeP99));  "
                + "launch P50 \(ms(step.launchP50))  P99 \(ms(step.launchP99)) (\(launches.count) launches);  "
                + String(format: "%.1f GiB available; lifeloopd %.0f MiB RSS, %d fds", step.availableGiB,
                         step.daemonRSSKiB / 1024, step.daemonDescriptors))
            if step.launchP99 > 10 * results[0].launchP99 {
                limit = "launch P99 above 10× the first step's at \(step.apps) apps"
                break
            }
        }
        let stoppedBy = limit ?? "the cap of \(steps.last!) apps (nothing ran out)"
        // The apps' memory at the last step: PSS of a sample of them (every 10th).
        let sampled = stride(from: 0, to: apps.count, by: 10).map { memory(of: apps[$0].pid).pssKiB }
        let pssPerApp = sampled.reduce(0, +) / Double(max(1, sampled.count)) / 1024
        if let last = results.last {
            print(String(format: "  goal ≥ %d apps at once: %d hosted, %@ (app PSS %.2f MiB each over %d sampled: %.1f GiB for all %d; "
                         + "%.1f GiB still available)", appsGoal, last.apps, last.apps >= appsGoal ? "met" : "NOT met",
                         pssPerApp, sampled.count, pssPerApp * Double(last.apps) / 1024, last.apps, last.availableGiB))
        }
        let first = results[0]
        if let last = results.last, last.apps > first.apps {
            // What each further app costs, and where each resource would run out at that rate.
            let added = Double(last.apps - first.apps)
            let memoryPerApp = (first.availableGiB - last.availableGiB) * 1024 / added
            let descriptorsPerApp = Double(last.daemonDescriptors - first.daemonDescriptors) / added
            let tasks = runnableAndTotalTasks()
            let pidMax = Int((try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            var bounds: [(String, Double)] = []
            if memoryPerApp > 0 {
                bounds.append(("memory (2 GiB left)", Double(last.apps) + (last.availableGiB - 2) * 1024 / memoryPerApp))
            }
            if let daemonLimit, descriptorsPerApp > 0 {
                bounds.append(("lifeloopd's descriptors", Double(last.apps) + Double(daemonLimit - last.daemonDescriptors) / descriptorsPerApp))
            }
            if pidMax > 0, tasks > 0, threadsPerApp > 0 {
                bounds.append(("pid_max \(pidMax) (threads)", Double(last.apps) + Double(pidMax - tasks) / threadsPerApp))
            }
            print(String(format: "    each app from %d to %d: %.2f MiB of available memory, %.1f descriptors and %.0f KiB RSS in lifeloopd",
                         first.apps, last.apps, memoryPerApp, descriptorsPerApp, (last.daemonRSSKiB - first.daemonRSSKiB) / added))
            print("    at that rate the next limits: " + bounds.sorted { $0.1 < $1.1 }
                .map { "\($0.0) ≈ \(Int($0.1)) apps" }.joined(separator: ", ") + "; --max-apps 12000")
        }
        // The largest step within 2× of the first step's P99; steps above it are named too, since
        // on a shared machine a step's tail can be another process's doing.
        let within = results.filter { $0.describeP99 <= 2 * first.describeP99 }.map(\.apps).max() ?? first.apps
        let above = results.filter { $0.describeP99 > 2 * first.describeP99 }.map { "\($0.apps) (\(ms($0.describeP99)))" }
        let p50s = results.map(\.describeP50)
        row("apps hosted (describe P99 ≤ 2×)", "\(within) apps",
            "largest step whose describe P99 is within 2× the \(first.apps)-app step's (\(ms(first.describeP99)))"
                + (above.isEmpty ? "" : "; above it: " + above.joined(separator: ", "))
                + "; describe P50 \(ms(p50s.min()!))–\(ms(p50s.max()!)) over all steps; stopped by \(stoppedBy); "
                + String(format: "%.0f s", Date().timeIntervalSince(started)))
    }

    /// Requests per second from `throughputThreads` clients sending `app.describe` to random apps.
    private static func throughput(socketPath: String, apps: [String], seed: UInt64) throws -> Double {
        let counts = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let seconds = throughputSeconds
        for thread in 0..<throughputThreads {
            Thread {
                defer { done.signal() }
                do {
                    let client = try DaemonClient(socketPath: socketPath, clientName: "bench-\(thread)")
                    var generator = SeededGenerator(seed: seed &* 31 &+ UInt64(thread))
                    ready.signal()
                    go.wait()
                    let end = MonotonicClock.nanoseconds + UInt64(seconds * 1e9)
                    var count = 0
                    while MonotonicClock.nanoseconds < end {
                        try client.call("app.describe", ["app": .string(apps[generator.below(apps.count)])])
                        count += 1
                    }
                    counts.withLock { $0.append(count) }
                } catch {
                    ready.signal()
                    failures.withLock { $0.append("\(error)") }
                }
            }.start()
        }
        for _ in 0..<throughputThreads { ready.wait() }
        let start = MonotonicClock.nanoseconds
        for _ in 0..<throughputThreads { go.signal() }
        for _ in 0..<throughputThreads { done.wait() }
        let elapsed = Double(MonotonicClock.nanoseconds - start) / 1e9
        if let failure = failures.withLock({ $0.first }) { throw ClientError("throughput client: \(failure)") }
        return Double(counts.withLock { $0.reduce(0, +) }) / elapsed
    }

    /// Terminates `apps` from four clients at once.
    private static func terminate(_ apps: [String], socketPath: String) throws {
        guard !apps.isEmpty else { return }
        let failures = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let threads = min(4, apps.count)
        for thread in 0..<threads {
            Thread {
                defer { done.signal() }
                do {
                    let client = try DaemonClient(socketPath: socketPath, clientName: "bench-terminate-\(thread)")
                    for index in stride(from: thread, to: apps.count, by: threads) {
                        try client.call("app.terminate", ["app": .string(apps[index])], timeout: 30)
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }.start()
        }
        for _ in 0..<threads { done.wait() }
        if let failure = failures.withLock({ $0.first }) { throw ClientError("app.terminate: \(failure)") }
    }

    // MARK: Readings

    private static func appID(_ reply: JSON) throws -> String {
        guard let id = reply["app"]?.string else { throw ClientError("app.launch replied without an app: \(reply.text)") }
        return id
    }

    private static func timed<Value>(_ body: () throws -> Value) rethrows -> (Value, Double) {
        let start = MonotonicClock.nanoseconds
        let value = try body()
        return (value, Double(MonotonicClock.nanoseconds - start) / 1e9)
    }

    /// VmRSS and PSS of a process, in KiB (0 when it cannot be read).
    private static func memory(of pid: Int32) -> (rssKiB: Double, pssKiB: Double, threads: Double) {
        func field(_ path: String, _ name: String) -> Double {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
            for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
                return Double(line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
            }
            return 0
        }
        return (field("/proc/\(pid)/status", "VmRSS"), field("/proc/\(pid)/smaps_rollup", "Pss"), field("/proc/\(pid)/status", "Threads"))
    }

    /// MemAvailable, in bytes.
    private static func availableBytes() -> UInt64 {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else { return .max }
        for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            return (UInt64(line.split(separator: " ")[1]) ?? 0) * 1024
        }
        return .max
    }

    /// Threads (scheduling entities) on the machine now, from /proc/loadavg's "running/total".
    private static func runnableAndTotalTasks() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 3, let total = fields[3].split(separator: "/").last else { return 0 }
        return Int(total) ?? 0
    }

    private static func openDescriptors(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// A process's soft limit on open files, from /proc/PID/limits.
    private static func descriptorLimit(of pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("Max open files") {
            return Int(line.dropFirst("Max open files".count).split(separator: " ").first ?? "")
        }
        return nil
    }

    /// Raises this process's RLIMIT_NOFILE to its hard limit (the daemon inherits it); the new soft limit.
    private static func raiseDescriptorLimit() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return UInt64(limit.rlim_cur)
    }

    // MARK: Figures

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }

    private static func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

    private static func ms(_ seconds: Double) -> String {
        seconds >= 0.1 ? String(format: "%.0f ms", seconds * 1e3) : String(format: "%.2f ms", seconds * 1e3)
    }

    private static func list(_ values: [Double]) -> String { values.map { ms($0) }.joined(separator: ", ") }

    private static func row(_ name: String, _ figure: String, _ note: String) {
        print("  \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(figure.padding(toLength: 28, withPad: " ", startingAt: 0)) \(note)")
    }
}

/// A `lifeloopd` on a socket in a fresh 0700 directory (mkdtemp), stopped with
/// `daemon.shutdown` (SIGTERM, then SIGKILL, if that does not end it).
final class RunningDaemon {
    let directory: String
    let socketPath: String
    let stderrPath: String
    let process = Process()
    var pid: Int32 { process.processIdentifier }

    init(executable: String, appExecutable: String, arguments: [String]) throws {
        var template = Array((NSTemporaryDirectory() + "lifeloopd-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ClientError("mkdtemp failed: \(String(cString: strerror(errno)))") }
        directory = String(cString: made)
        socketPath = directory + "/d.sock"
        stderrPath = directory + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--socket", socketPath, "--app-executable", appExecutable] + arguments
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !SocketPath.isServed(socketPath) {
            guard process.isRunning, Date() < deadline else {
                _ = shutDown()
                throw ClientError("lifeloopd did not start: \(stderr)")
            }
            usleep(10_000)
        }
    }

    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Asks the daemon to shut down (it stops its apps) and waits; how it went.
    func shutDown() -> String {
        var how = "daemon.shutdown"
        if process.isRunning {
            do {
                let client = try DaemonClient(socketPath: socketPath, clientName: "bench-shutdown")
                try client.call("daemon.shutdown", timeout: 15)
            } catch {
                how = "daemon.shutdown failed (\(error)); SIGTERM"
                kill(pid, SIGTERM)
            }
        }
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            how += "; still running, SIGKILL"
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        let result = "\(how): exit status \(process.terminationStatus)"
        try? FileManager.default.removeItem(atPath: directory)
        return result
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
