import Foundation
import LifeloopHost

#if canImport(Glibc)
import Glibc
#endif

/// The agent front door's rows: a real release `lifeloop mcp` (on a `lifeloopd` this
/// process starts, with its app processes) spoken to over its stdin and stdout by this
/// process, as an agent's client does. `BENCH_ONLY=mcp make bench` runs only these
/// (`BENCH_ONLY=mcp-taps` the tap rows alone; `BENCH_MCP_TAPS=N` taps N times a round).
///
/// - tools/call tap + settle: the AgentTour app, `tap {"id": "count"}` (which settles and
///   returns the settled diff), request line written to reply line read (this client's
///   parse of the reply is not counted: it is the agent's); 3 rounds of 500;
///   P50/P99 the median of the rounds'. Then the same tap by ref (the Count button's
///   `@eN`, read once from a full describe), and by ref to an `MCPServer` in this process
///   over its own `DaemonClient` and its own AgentTour app (`handle(line:)` to its reply:
///   the server's work, the daemon's and the app's, without the stdio hop); P50, P90 and
///   P99 the medians of the rounds'.
/// - describe, 500-view screen: AgentTour's Grid page (500 labels in 50 rows, with the
///   navigation views), `describe {}` round trips, 3 rounds of 200: of a screen unchanged
///   since the last describe (the app answers that its digest is the server's), and of one
///   another client changed just before (`app.memoryWarning` straight to the daemon,
///   untimed: the whole tree is sent); the compact text's size in bytes and in bytes/4
///   "tokens"; and the server's own share, in this process: `ViewTree(rows:)` of an
///   `app.describe {rows: true}` reply (asked of the daemon directly) and its compact text.
/// - snapshot as PNG: the Grid page, `snapshot {"format": "png"}` round trips, as the phone
///   draws it (the default) and as the debug wireframe (`style: debug`): the app draws the
///   window straight onto a cairo surface, at most 1024 px on the longest edge, text in
///   Inter through cairo's FreeType faces and no SVG in between, encodes the PNG and sends
///   it base64 through the daemon; the MCP server puts it in the reply; 3 rounds of 20 each.
///
/// Figures are printed with their goals; nothing here fails a build on a figure.
enum MCPWorkload {
    static let rounds = 3
    /// Taps a round; `BENCH_MCP_TAPS=N` asks for more, to profile the tap's path.
    static let taps = environmentCount("BENCH_MCP_TAPS") ?? 500
    static let describes = 200
    static let snapshots = 20

    /// - Parameter tapsOnly: Only the tap rows (`BENCH_ONLY=mcp-taps`, for profiling the
    ///   tap's path).
    static func run(tapsOnly: Bool = false) throws {
        // A bad BENCH_MCP_TAPS ends the run here, before any process is started.
        _ = taps
        let lifeloop = DaemonWorkload.binDirectory + "/lifeloop"
        let kind = DaemonWorkload.binDirectory.hasSuffix("/release") ? "release" : "from \(DaemonWorkload.binDirectory)"
        print("\nmcp (\(kind) `lifeloop mcp` on a lifeloopd of this process's, with app processes; wall times from this process,")
        print("  request line written to reply line read over the server's stdin and stdout; P99 by nearest rank)")
        guard FileManager.default.isExecutableFile(atPath: lifeloop) else {
            print("  not measured: \(lifeloop) is missing (`make bench` builds it; LIFELOOP_BIN_DIR names another directory)")
            return
        }
        // The server's daemon is one this process runs too, so that another client can change
        // an app between two describes (the describe of a changed screen).
        let daemon = try RunningDaemon(executable: DaemonWorkload.binDirectory + "/lifeloopd", appExecutable: lifeloop, arguments: [])
        defer { _ = daemon.shutDown() }
        let other = try DaemonClient(socketPath: daemon.socketPath, clientName: "bench-other")
        let server = try MCPChild(executable: lifeloop, socketPath: daemon.socketPath)
        defer { server.stop() }
        _ = try server.call("initialize", ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "bench", "version": "1"]])
        let launched = try server.tool("launch", ["sample": "AgentTour"])
        guard let app = launched["structuredContent"]?["app"]?.string else { throw ClientError("launch gave no app: \(launched.text.prefix(300))") }

        var tapRounds: [[Double]] = []
        for _ in 0..<rounds {
            var times: [Double] = []
            for _ in 0..<taps {
                let start = DispatchTime.now().uptimeNanoseconds
                let reply = try server.tool("tap", ["app": .string(app), "id": "count"])
                times.append(Double(server.lastLineReadAt - start) / 1e9)
                guard reply["isError"]?.bool == false else { throw ClientError("tap failed: \(reply.text.prefix(300))") }
            }
            tapRounds.append(times.sorted())
        }
        let tapP50 = median(tapRounds.map { percentile($0, 0.5) }), tapP99 = median(tapRounds.map { percentile($0, 0.99) })
        row("tools/call tap + settle", "P50 \(ms(tapP50)), P99 \(ms(tapP99))", "goal P50 <= 1 ms, P99 <= 5 ms  \(verdict(tapP50 <= 1e-3 && tapP99 <= 5e-3))")

        // By ref, as an agent taps what describe listed: the Count button's ref, read once.
        let countRef = try server.ref(app: app, identifier: "count")
        let byRef = try tapPercentiles { _ = try server.tool("tap", ["app": .string(app), "ref": .string(countRef)]); return (nil, server.lastLineReadAt) }
        row("tools/call tap by ref + settle", "P50 \(ms(byRef.p50)), P90 \(ms(byRef.p90)), P99 \(ms(byRef.p99))",
            "goal P50 <= 1 ms  \(verdict(byRef.p50 <= 1e-3)) (over stdio)")
        // The same call to an MCPServer in this process (no stdio hop): the server's own work,
        // the daemon's and the app's.
        let inProcessServer = try InProcessMCP(socketPath: daemon.socketPath)
        let localApp = try inProcessServer.launch(sample: "AgentTour")
        let localRef = try inProcessServer.ref(app: localApp, identifier: "count")
        let inProcess = try tapPercentiles {
            let reply = try inProcessServer.tool("tap", ["app": .string(localApp), "ref": .string(localRef)])
            let end = inProcessServer.lastReplyAt
            guard reply["isError"]?.bool == false, reply["structuredContent"]?["settled"] == true else {
                throw ClientError("in-process tap failed: \(reply.text.prefix(300))")
            }
            return (inProcessServer.lastRequestAt, end)
        }
        row("  the same, MCPServer in-process", "P50 \(ms(inProcess.p50)), P90 \(ms(inProcess.p90)), P99 \(ms(inProcess.p99))",
            "goal P50 <= 0.3 ms  \(verdict(inProcess.p50 <= 0.3e-3)) (handle(line:) to reply)")

        if tapsOnly { return }
        _ = try server.tool("navigate", ["app": .string(app), "action": "push", "scene": "Grid", "animated": false])
        var describeRounds: [[Double]] = []
        var text = ""
        var views = 0
        for _ in 0..<rounds {
            var times: [Double] = []
            for _ in 0..<describes {
                let start = DispatchTime.now().uptimeNanoseconds
                let reply = try server.tool("describe", ["app": .string(app)])
                times.append(Double(server.lastLineReadAt - start) / 1e9)
                text = reply["content"]?.array?.first?["text"]?.string ?? ""
                views = reply["structuredContent"]?["views"]?.int ?? 0
            }
            describeRounds.append(times.sorted())
        }
        let describeP50 = median(describeRounds.map { percentile($0, 0.5) })
        let describeP99 = median(describeRounds.map { percentile($0, 0.99) })
        row("describe, \(views)-view screen", "P50 \(ms(describeP50)), P99 \(ms(describeP99))", "goal <= 2 ms  \(verdict(describeP50 <= 2e-3)) (unchanged since the last describe)")
        // Another client changes the app before each describe (untimed): the whole tree moves.
        var changedRounds: [[Double]] = []
        for _ in 0..<rounds {
            var times: [Double] = []
            for _ in 0..<describes {
                _ = try other.call("app.memoryWarning", ["app": .string(app)])
                let start = DispatchTime.now().uptimeNanoseconds
                let reply = try server.tool("describe", ["app": .string(app)])
                times.append(Double(server.lastLineReadAt - start) / 1e9)
                guard reply["isError"]?.bool == false else { throw ClientError("describe failed: \(reply.text.prefix(300))") }
            }
            changedRounds.append(times.sorted())
        }
        let changedP50 = median(changedRounds.map { percentile($0, 0.5) })
        let changedP99 = median(changedRounds.map { percentile($0, 0.99) })
        row("describe, \(views)-view screen", "P50 \(ms(changedP50)), P99 \(ms(changedP99))", "goal <= 2 ms  \(verdict(changedP50 <= 2e-3)) (changed by another client)")
        let bytes = text.utf8.count
        row("describe's compact text", "\(bytes) bytes, \(bytes / 4) tokens", "goal < 25000 tokens (bytes/4)  \(verdict(bytes / 4 < 25_000))")
        // The server's own share: the tree read from one app.describe reply (as rows, straight
        // from the daemon), and its text.
        let reply = try other.call("app.describe", ["app": .string(app), "rows": true]).text
        let rowCount = try ViewTree(rows: reply).elements.count
        guard rowCount >= 500 else { throw ClientError("app.describe {rows: true} gave \(rowCount) elements, not the Grid's 500 and more") }
        var local: [Double] = []
        for _ in 0..<describes * rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            let tree = try ViewTree(rows: reply)
            let compact = tree.compact()
            times(compact.utf8.count)
            local.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        local.sort()
        row("  of which ViewTree + compact text", "P50 \(ms(percentile(local, 0.5))), P99 \(ms(percentile(local, 0.99)))",
            "(in this process, no I/O; \(rowCount) rows)")

        // The phone picture (the default) and the debug wireframe, each as PNG.
        for style in ["phone", "debug"] {
            var snapshotRounds: [[Double]] = []
            var pngBytes = 0
            for _ in 0..<rounds {
                var times: [Double] = []
                for _ in 0..<snapshots {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let reply = try server.tool("snapshot", ["app": .string(app), "format": "png", "style": .string(style)])
                    times.append(Double(server.lastLineReadAt - start) / 1e9)
                    guard reply["isError"]?.bool == false else { throw ClientError("snapshot failed: \(reply.text.prefix(300))") }
                    pngBytes = reply["structuredContent"]?["bytes"]?.int ?? 0
                }
                snapshotRounds.append(times.sorted())
            }
            let snapshotP50 = median(snapshotRounds.map { percentile($0, 0.5) })
            let snapshotP99 = median(snapshotRounds.map { percentile($0, 0.99) })
            row("snapshot as PNG (\(style)), \(views)-view screen", "P50 \(ms(snapshotP50)), P99 \(ms(snapshotP99))",
                "goal <= 30 ms  \(verdict(snapshotP50 <= 30e-3)) (\(pngBytes) bytes)")
        }
    }

    /// Tap round trips: `rounds` rounds of `taps`, each timed from before `body` to the
    /// uptime it returns (when the reply was complete); the medians of the rounds' P50, P90
    /// and P99.
    /// - Parameter body: One tap; returns when it ended and, if it knows better than the
    ///   loop, when it began.
    private static func tapPercentiles(_ body: () throws -> (start: UInt64?, end: UInt64)) throws -> (p50: Double, p90: Double, p99: Double) {
        var rounds: [[Double]] = []
        for _ in 0..<self.rounds {
            var times: [Double] = []
            for _ in 0..<taps {
                let before = DispatchTime.now().uptimeNanoseconds
                let (start, end) = try body()
                times.append(Double(end - (start ?? before)) / 1e9)
            }
            rounds.append(times.sorted())
        }
        return (median(rounds.map { percentile($0, 0.5) }), median(rounds.map { percentile($0, 0.9) }),
                median(rounds.map { percentile($0, 0.99) }))
    }

    /// Keeps a result alive so the work that made it is not optimized away.
    @inline(never) private static func times(_ value: Int) { if value == -1 { print(value) } }

    // MARK: Figures

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }

    private static func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

    private static func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1e3) }

    private static func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }

    private static func row(_ name: String, _ figure: String, _ note: String) {
        print("  \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(figure.padding(toLength: 42, withPad: " ", startingAt: 0)) \(note)")
    }
}

/// LifeloopHost's `MCPServer` in this process over a `DaemonClient`, spoken to one
/// JSON-RPC line at a time through `handle(line:)`.
private final class InProcessMCP {
    let server: MCPServer
    private var nextID = 1
    /// When the last `handle(line:)` returned its reply line: the clock stops there, before
    /// this client builds its next request or parses the reply (the agent's work, as over
    /// stdio).
    private(set) var lastReplyAt: UInt64 = 0
    /// When the last request line was handed to `handle(line:)`.
    private(set) var lastRequestAt: UInt64 = 0

    init(socketPath: String) throws {
        server = MCPServer(daemon: try DaemonClient(socketPath: socketPath, clientName: "bench-mcp-in-process"))
        _ = try call("initialize", ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "bench", "version": "1"]])
    }

    func launch(sample: String) throws -> String {
        let launched = try tool("launch", ["sample": .string(sample)])
        guard let app = launched["structuredContent"]?["app"]?.string else { throw ClientError("launch gave no app: \(launched.text.prefix(300))") }
        return app
    }

    func ref(app: String, identifier: String) throws -> String {
        try MCPRefs.ref(in: try tool("describe", ["app": .string(app), "full": true]), identifier: identifier)
    }

    func tool(_ name: String, _ arguments: JSON) throws -> JSON {
        try call("tools/call", ["name": .string(name), "arguments": arguments])
    }

    func call(_ method: String, _ params: JSON) throws -> JSON {
        nextID += 1
        let request = RPCMessage.request(id: .int(nextID), method: method, params: params).line
        lastRequestAt = DispatchTime.now().uptimeNanoseconds
        let line = server.handle(line: request)
        lastReplyAt = DispatchTime.now().uptimeNanoseconds
        guard let line else { throw ClientError("\(method): no reply") }
        let reply = try JSON.parse(line)
        if let error = reply["error"] { throw ClientError("\(method): \(error.text)") }
        return reply["result"] ?? .null
    }
}

/// Reading a ref out of a full describe.
private enum MCPRefs {
    static func ref(in described: JSON, identifier: String) throws -> String {
        let elements = described["structuredContent"]?["elements"]?.array ?? []
        guard let ref = elements.first(where: { $0["accessibilityIdentifier"]?.string == identifier })?["ref"]?.string else {
            throw ClientError("describe full lists no element #\(identifier): \(described.text.prefix(300))")
        }
        return ref
    }
}

/// `lifeloop mcp --socket` as a child process, spoken to one JSON-RPC line at a time.
private final class MCPChild {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    private var buffer: [UInt8] = []
    /// When the last reply line was complete (uptime ns): the figures stop there, before
    /// this client parses the reply.
    private(set) var lastLineReadAt: UInt64 = 0
    private var nextID = 1

    init(executable: String, socketPath: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["mcp", "--socket", socketPath]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func ref(app: String, identifier: String) throws -> String {
        try MCPRefs.ref(in: try tool("describe", ["app": .string(app), "full": true]), identifier: identifier)
    }

    func tool(_ name: String, _ arguments: JSON) throws -> JSON {
        try call("tools/call", ["name": .string(name), "arguments": arguments])
    }

    func call(_ method: String, _ params: JSON) throws -> JSON {
        nextID += 1
        let line = RPCMessage.request(id: .int(nextID), method: method, params: params).line + "\n"
        try input.fileHandleForWriting.write(contentsOf: Data(line.utf8))
        let reply = try JSON.parse(try readLine())
        if let error = reply["error"] { throw ClientError("\(method): \(error.text)") }
        return reply["result"] ?? .null
    }

    private func readLine() throws -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                lastLineReadAt = DispatchTime.now().uptimeNanoseconds
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ClientError("lifeloop mcp closed its output") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
