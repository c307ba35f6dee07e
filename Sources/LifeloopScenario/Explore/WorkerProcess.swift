import Foundation

/// A child process the crawler talks to in lines: requests on its standard input, replies
/// on its standard output, its standard error kept in a file so that the last lines before
/// it died (a trap's message) can be read.
final class WorkerProcess {
    /// How a wait for a line ended.
    enum Outcome {
        /// A line.
        case line(String)
        /// The process ended (its output closed): how, and its last lines of standard error.
        case died(status: String, stderr: [String])
        /// No line within the wall budget.
        case timedOut
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let stderrPath: String
    private var buffer: [UInt8] = []
    private var closed = false

    /// Starts `executable` with `arguments`.
    /// - Throws: when it cannot start.
    init(executable: String, arguments: [String], stderrPath: String) throws {
        self.stderrPath = stderrPath
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        guard let errors = FileHandle(forWritingAtPath: stderrPath) else {
            throw ExploreError("cannot write the worker's log \(stderrPath)")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // A trap's message is what a crash finding needs; Swift's backtracer would add
        // seconds of symbolication to every crash.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try? errors.close()
    }

    deinit {
        kill()
        unlink(stderrPath)
    }

    /// Sends one line.
    func send(_ line: String) {
        guard !closed else { return }
        let data = Data((line + "\n").utf8)
        // A worker that died closes its end: the write fails, and the next wait says how.
        let fd = input.fileHandleForWriting.fileDescriptor
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { closed = true; return }
                offset += written
            }
        }
    }

    /// Waits for the next line, at most `seconds` of wall time.
    func next(within seconds: Double) -> Outcome {
        let deadline = Date().addingTimeInterval(seconds)
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .timedOut }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                process.waitUntilExit()
                closed = true
                return .died(status: status(), stderr: tail())
            }
        }
    }

    /// How the process ended: `signal 4 (SIGILL)` or `exit status 3`.
    private func status() -> String {
        let code = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            let names: [Int32: String] = [SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV",
                                          SIGBUS: "SIGBUS", SIGKILL: "SIGKILL", SIGFPE: "SIGFPE"]
            return "signal \(code)" + (names[code].map { " (\($0))" } ?? "")
        }
        return "exit status \(code)"
    }

    /// The last lines of the worker's standard error.
    func tail(_ count: Int = 200) -> [String] {
        guard let data = FileManager.default.contents(atPath: stderrPath) else { return [] }
        let lines = String(decoding: data.suffix(64 * 1024), as: UTF8.self).split(separator: "\n").map(String.init)
        return Array(lines.suffix(count))
    }

    /// Ends the process now, if it still runs.
    func kill() {
        if process.isRunning {
            // Its process group too (a worker makes one of its own), so that a child the
            // app started does not keep the pipes, and this wait, open.
            Foundation.kill(-process.processIdentifier, SIGKILL)
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        closed = true
    }

    /// Asks the worker to quit, then makes sure it has.
    func quit() {
        send(ExploreRequest(op: "quit").line())
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        kill()
    }
}

/// A problem with what `lifeloop explore` was given, or with its workers.
public struct ExploreError: Error, Sendable, CustomStringConvertible {
    /// The sentence.
    public var description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
