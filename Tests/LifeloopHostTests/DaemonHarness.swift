import Foundation
import LifeloopHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real `lifeloopd` on a real socket in a fresh 0700 directory, with real app
/// processes (`lifeloop host-app`), as built beside the test bundle.
final class DaemonHarness {
    /// Beside the test bundle, or `LIFELOOP_BIN_DIR` (`make release-e2e` points it at a
    /// release build).
    static var binDirectory: URL {
        if let directory = ProcessInfo.processInfo.environment["LIFELOOP_BIN_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: directory)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }
    static var daemonExecutable: String { binDirectory.appendingPathComponent("lifeloopd").path }
    static var appExecutable: String { binDirectory.appendingPathComponent("lifeloop").path }
    /// Runs `lifeloop` (the app executable) with `arguments`: its exit status and its
    /// output and errors together.
    static func lifeloop(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: appExecutable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
    /// The checkout, for sample files.
    static var checkout: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    let directory: String
    let socketPath: String
    let process: Process
    let stderrPath: String

    /// A daemon on `socketName` in a fresh directory, or in `existing` (another harness's).
    init(_ arguments: [String] = [], in existing: String? = nil, socketName: String = "d.sock") throws {
        if let existing {
            directory = existing
        } else {
            var template = Array((NSTemporaryDirectory() + "lifeloopd-test-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { throw ClientError("mkdtemp failed") }
            directory = String(cString: made)
        }
        socketPath = directory + "/" + socketName
        stderrPath = directory + "/stderr-\(socketName).txt"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.daemonExecutable)
        process.arguments = ["--socket", socketPath, "--app-executable", Self.appExecutable] + arguments
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !SocketPath.isServed(socketPath) {
            guard process.isRunning, Date() < deadline else {
                throw ClientError("lifeloopd did not start: \(stderr)")
            }
            usleep(10_000)
        }
    }

    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    func client(_ name: String = "test") throws -> DaemonClient {
        try DaemonClient(socketPath: socketPath, clientName: name)
    }

    /// Sends `signal` and waits up to `timeout` s for the daemon to exit; its status, or
    /// nil if it is still running.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32? {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        // A sanitizer's report in the daemon goes to its stderr, not to the test process:
        // it fails the test that ran it (`make tsan`, `make asan`).
        let output = stderr
        if output.contains("WARNING: ThreadSanitizer") || output.contains("ERROR: AddressSanitizer") {
            Issue.record("lifeloopd reported under a sanitizer:\n\(output.suffix(8_000))")
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            // Bounded: `waitUntilExit()` spins a run loop that can wait forever when the
            // test process is already exiting (seen under `make asan`).
            _ = eventually(5) { !process.isRunning }
        }
        // Reaped here if Foundation has not: an unreaped child makes Swift Testing's
        // child monitor spin (seen under `make asan`). ECHILD means it was reaped already.
        var status: Int32 = 0
        _ = eventually(2) { waitpid(process.processIdentifier, &status, WNOHANG) != 0 }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Whether a process is still alive (a zombie counts as gone).
func isAlive(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    // The state follows the parenthesised command name.
    guard let close = stat.lastIndex(of: ")") else { return true }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
}

/// Waits up to `timeout` s for `condition`.
func eventually(_ timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// The range a mutating verb caused, checked for shape.
struct Caused {
    let fromSeq: Int
    let toSeq: Int
    let turn: Int
    let digest: String

    init(_ reply: JSON, sourceLocation: SourceLocation = #_sourceLocation) throws {
        fromSeq = try #require(reply["fromSeq"]?.int, sourceLocation: sourceLocation)
        toSeq = try #require(reply["toSeq"]?.int, sourceLocation: sourceLocation)
        turn = try #require(reply["turn"]?.int, sourceLocation: sourceLocation)
        digest = try #require(reply["digest"]?.string, sourceLocation: sourceLocation)
        #expect(fromSeq <= toSeq, sourceLocation: sourceLocation)
        #expect(digest.count == 16, sourceLocation: sourceLocation)
    }
}
