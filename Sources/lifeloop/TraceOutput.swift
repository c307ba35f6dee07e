import Glibc
import Foundation
import LifeloopCore

/// The trace printing options the commands share, and the writer that prints events to
/// stdout as they come.
///
/// A trace can be far larger than the app that made it (a 7 MB storyboard gave 665 MB of
/// lines), so events go out through a buffer of about ``chunk`` bytes instead of being
/// rendered into one string: memory stays flat however long the trace.
final class TraceOutput {
    /// How many bytes are gathered before they are written.
    static let chunk = 64 << 10

    let format: Demo.Format
    /// The labels `--labels` keeps, or nil for all.
    private let labels: Set<String>?
    private var buffer: [UInt8] = []
    /// The first error writing to stdout (such as `EPIPE` when SIGPIPE is ignored); later
    /// events are dropped once it is set.
    private(set) var writeError: Int32?

    init(format: Demo.Format, labels: String?) {
        self.format = format
        self.labels = labels.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        buffer.reserveCapacity(Self.chunk + 1024)
    }

    /// Prints `event` as one line, unless `--labels` leaves its label out.
    func write(_ event: TraceEvent) {
        if let labels, !labels.contains(event.label) { return }
        switch format {
        case .lines: event.appendLine(to: &buffer)
        case .jsonl: event.appendJSONLine(to: &buffer)
        }
        if buffer.count >= Self.chunk { flush() }
    }

    /// Prints the events `trace` kept.
    func write(_ trace: Trace) {
        for event in trace.events { write(event) }
    }

    /// Writes what is buffered to stdout (descriptor 1, which nothing else in these
    /// commands writes to while a trace is printed).
    func flush() {
        var start = 0
        while start < buffer.count, writeError == nil {
            let written = buffer.withUnsafeBytes { bytes in
                Glibc.write(STDOUT_FILENO, bytes.baseAddress! + start, bytes.count - start)
            }
            if written >= 0 {
                start += written
            } else if errno != EINTR {
                writeError = errno
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, then fails if any write failed (exit status 2, with the reason), so a
    /// cut-off trace is not a success.
    func finish() throws {
        flush()
        if let writeError {
            throw inputError("cannot write the trace to stdout: \(String(cString: strerror(writeError)))")
        }
    }
}
