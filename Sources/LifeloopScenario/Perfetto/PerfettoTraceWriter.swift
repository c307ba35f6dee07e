import Glibc
import LifeloopCore

/// Streams a trace in the Chrome trace-event JSON format, which the Perfetto UI
/// (ui.perfetto.dev) and chrome://tracing open, to a file as events happen.
///
/// How events map to Perfetto tracks:
///
/// | method          | phase | where it shows up                                                    |
/// |-----------------|-------|----------------------------------------------------------------------|
/// | `processName`   | `M`   | names the process group `pid`                                        |
/// | `threadName`    | `M`   | names the thread track (`pid`, `tid`); `thread_sort_index` orders it in chrome://tracing (Perfetto's importer ignores it) |
/// | `complete`      | `X`   | a slice on the thread track (`pid`, `tid`)                           |
/// | `instant`       | `i`   | a zero-length slice on the thread track (`"s":"t"`)                  |
/// | `counter`       | `C`   | one counter track per value key, named "`name` `key`", in process `pid` |
/// | `asyncBegin/End`| `b/e` | a slice on an async track of process `pid`, one track per (`cat`, `id`); slices with the same (`cat`, `id`) nest |
/// | `flowStart/End` | `s/f` | an arrow from the slice enclosing `s` to the slice enclosing `f` (`"bp":"e"`), on their thread tracks, matched by (`cat`, `name`, `id`) |
///
/// Perfetto's JSON import is best-effort: `X` slices on one thread track that overlap
/// without nesting are dropped or moved, so callers must keep them strictly nested per
/// (`pid`, `tid`); a flow event outside every slice of its thread track binds to nothing.
/// ``PerfettoValidator`` checks a finished file for these mistakes.
///
/// Output is byte-for-byte deterministic: one event a line, keys in a fixed order, times
/// (integer nanoseconds) written as microseconds with exactly three decimals, strings
/// JSON-escaped with non-ASCII left as UTF-8. Bytes are buffered and written out in
/// chunks of about 64 KiB, so the trace is never held in memory whole.
///
/// Not thread-safe: use one writer from one thread. A write error is kept and thrown by
/// ``close()``, so event methods do not throw; events after `close()` are dropped.
public final class PerfettoTraceWriter {
    /// The file being written.
    public let path: String
    /// How many events have been written so far (metadata events included).
    public private(set) var eventCount = 0

    private var file: UnsafeMutablePointer<FILE>?
    private var output = PerfettoEventBytes()
    private var writeError: PerfettoTraceError?

    /// Bytes gathered before they are handed to the file: large enough that `fwrite`
    /// calls are rare, small enough to stay in cache.
    private static let flushThreshold = 64 * 1024

    /// Creates or truncates `path` and writes the start of the trace.
    /// - Throws: ``PerfettoTraceError/cannotOpen(path:reason:)`` naming the path.
    public init(path: String) throws {
        self.path = path
        guard let file = fopen(path, "w") else {
            throw PerfettoTraceError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        // This writer buffers on its own; a second stdio buffer would only copy twice.
        setvbuf(file, nil, _IONBF, 0)
        self.file = file
        output.bytes.reserveCapacity(Self.flushThreshold + 4096)
        output.raw("{\"traceEvents\":[\n")
    }

    deinit {
        // A forgotten close still leaves a complete file; its error has nowhere to go.
        try? close()
    }

    /// Names process `pid` (a `process_name` metadata event).
    public func processName(pid: Int, name: String) {
        event(name: "process_name", category: nil, phase: "M") { out in
            out.ids(pid: pid, tid: nil)
            out.raw(",\"args\":{\"name\":")
            out.string(name)
            out.raw("}")
        }
    }

    /// Names thread track (`pid`, `tid`) (a `thread_name` metadata event) and, when
    /// `sortIndex` is given, orders it with a `thread_sort_index` metadata event.
    public func threadName(pid: Int, tid: Int, name: String, sortIndex: Int? = nil) {
        event(name: "thread_name", category: nil, phase: "M") { out in
            out.ids(pid: pid, tid: tid)
            out.raw(",\"args\":{\"name\":")
            out.string(name)
            out.raw("}")
        }
        guard let sortIndex else { return }
        event(name: "thread_sort_index", category: nil, phase: "M") { out in
            out.ids(pid: pid, tid: tid)
            out.raw(",\"args\":{\"sort_index\":")
            out.integer(sortIndex)
            out.raw("}")
        }
    }

    /// A complete slice (`X`) on thread track (`pid`, `tid`).
    /// - Parameters:
    ///   - pid: The process track.
    ///   - tid: The thread track within it.
    ///   - name: The slice's name.
    ///   - category: The slice's category.
    ///   - start: Start time in nanoseconds.
    ///   - duration: Length in nanoseconds.
    ///   - args: Key/value pairs shown with the slice, in this order; keys should differ.
    public func complete(pid: Int, tid: Int, name: String, category: String, start: UInt64, duration: UInt64,
                         args: [(String, String)] = []) {
        event(name: name, category: category, phase: "X") { out in
            out.timestamp(start)
            out.raw(",\"dur\":")
            out.micros(duration)
            out.ids(pid: pid, tid: tid)
            out.stringArgs(args)
        }
    }

    /// A thread-scoped instant (`i`, `"s":"t"`) on thread track (`pid`, `tid`) at `time` ns.
    public func instant(pid: Int, tid: Int, name: String, category: String, at time: UInt64,
                        args: [(String, String)] = []) {
        event(name: name, category: category, phase: "i") { out in
            out.timestamp(time)
            out.ids(pid: pid, tid: tid)
            out.raw(",\"s\":\"t\"")
            out.stringArgs(args)
        }
    }

    /// Counter values (`C`) of process `pid` at `time` ns: one track per key, named
    /// "`name` `key`". Integral values are written without decimals, others rounded to
    /// six decimals; NaN and infinities are written as 0, since JSON has no such numbers.
    public func counter(pid: Int, name: String, at time: UInt64, values: [(String, Double)]) {
        event(name: name, category: nil, phase: "C") { out in
            out.timestamp(time)
            out.ids(pid: pid, tid: nil)
            out.raw(",\"args\":{")
            for (index, (key, value)) in values.enumerated() {
                if index > 0 { out.raw(",") }
                out.string(key)
                out.raw(":")
                out.number(value)
            }
            out.raw("}")
        }
    }

    /// Begins an async slice (`b`) on the track of (`category`, `id`) in process `pid`.
    /// The id is process-local (`id2.local`), so equal ids in different processes differ.
    public func asyncBegin(pid: Int, tid: Int, name: String, category: String, id: UInt64, at time: UInt64,
                           args: [(String, String)] = []) {
        event(name: name, category: category, phase: "b") { out in
            out.timestamp(time)
            out.ids(pid: pid, tid: tid)
            out.raw(",\"id2\":{\"local\":")
            out.hexID(id)
            out.raw("}")
            out.stringArgs(args)
        }
    }

    /// Ends the innermost open async slice of (`category`, `id`) in process `pid`;
    /// `name` must be that slice's name. `args` join the slice's arguments.
    public func asyncEnd(pid: Int, tid: Int, name: String, category: String, id: UInt64, at time: UInt64,
                         args: [(String, String)] = []) {
        event(name: name, category: category, phase: "e") { out in
            out.timestamp(time)
            out.ids(pid: pid, tid: tid)
            out.raw(",\"id2\":{\"local\":")
            out.hexID(id)
            out.raw("}")
            out.stringArgs(args)
        }
    }

    /// Starts a flow arrow (`s`) at the slice enclosing `time` on thread track
    /// (`pid`, `tid`). Use each (`category`, `name`, `id`) once.
    public func flowStart(pid: Int, tid: Int, name: String, category: String = "flow", id: UInt64,
                          at time: UInt64) {
        event(name: name, category: category, phase: "s") { out in
            out.timestamp(time)
            out.ids(pid: pid, tid: tid)
            out.raw(",\"id\":")
            out.hexID(id)
        }
    }

    /// Ends a flow arrow (`f`) at the slice enclosing `time` on thread track
    /// (`pid`, `tid`) (`"bp":"e"`; without it the arrow would go to the next slice).
    public func flowEnd(pid: Int, tid: Int, name: String, category: String = "flow", id: UInt64,
                        at time: UInt64) {
        event(name: name, category: category, phase: "f") { out in
            out.timestamp(time)
            out.ids(pid: pid, tid: tid)
            out.raw(",\"id\":")
            out.hexID(id)
            out.raw(",\"bp\":\"e\"")
        }
    }

    /// Writes the end of the trace, flushes and closes the file. Later calls do nothing.
    /// - Throws: ``PerfettoTraceError/writeFailed(path:reason:)`` if any write failed,
    ///   ``PerfettoTraceError/closeFailed(path:reason:)`` if closing failed; both name the path.
    public func close() throws {
        guard let file else { return }
        output.raw(eventCount > 0 ? "\n],\"displayTimeUnit\":\"ms\"}\n" : "],\"displayTimeUnit\":\"ms\"}\n")
        flush()
        self.file = nil
        output = PerfettoEventBytes()
        // Flushed to disk as well as closed: a full disk can show only there.
        let closeReason = FileOutput.syncAndClose(file)
        if let writeError { throw writeError }
        if let closeReason { throw PerfettoTraceError.closeFailed(path: path, reason: closeReason) }
    }

    /// Appends one event line: the shared start, `fields`, the closing brace. Events
    /// after `close()` are dropped.
    private func event(name: String, category: String?, phase: StaticString,
                       _ fields: (inout PerfettoEventBytes) -> Void) {
        guard file != nil else { return }
        // Moved out and back, so the bytes are appended to a local (no exclusivity check
        // per append) and the array stays uniquely referenced (no copy).
        var out = PerfettoEventBytes()
        swap(&out, &output)
        if eventCount > 0 { out.raw(",\n") }
        out.open(name: name, category: category, phase: phase)
        fields(&out)
        out.raw("}")
        swap(&out, &output)
        eventCount += 1
        if output.bytes.count >= Self.flushThreshold { flush() }
    }

    private func flush() {
        guard let file, !output.bytes.isEmpty else { return }
        if writeError == nil {
            let written = output.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            if written != output.bytes.count {
                writeError = .writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
        }
        output.bytes.removeAll(keepingCapacity: true)
    }
}
