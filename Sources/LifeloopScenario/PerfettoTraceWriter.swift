import Glibc

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
    private var buffer: [UInt8] = []
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
        buffer.reserveCapacity(Self.flushThreshold + 4096)
        raw("{\"traceEvents\":[\n")
    }

    deinit {
        // A forgotten close still leaves a complete file; its error has nowhere to go.
        try? close()
    }

    /// Names process `pid` (a `process_name` metadata event).
    public func processName(pid: Int, name: String) {
        guard begin(name: "process_name", category: nil, phase: "M") else { return }
        ids(pid: pid, tid: nil)
        raw(",\"args\":{\"name\":")
        string(name)
        raw("}")
        end()
    }

    /// Names thread track (`pid`, `tid`) (a `thread_name` metadata event) and, when
    /// `sortIndex` is given, orders it with a `thread_sort_index` metadata event.
    public func threadName(pid: Int, tid: Int, name: String, sortIndex: Int? = nil) {
        guard begin(name: "thread_name", category: nil, phase: "M") else { return }
        ids(pid: pid, tid: tid)
        raw(",\"args\":{\"name\":")
        string(name)
        raw("}")
        end()
        guard let sortIndex, begin(name: "thread_sort_index", category: nil, phase: "M") else { return }
        ids(pid: pid, tid: tid)
        raw(",\"args\":{\"sort_index\":")
        integer(sortIndex)
        raw("}")
        end()
    }

    /// A complete slice (`X`) on thread track (`pid`, `tid`).
    /// - Parameters:
    ///   - start: Start time in nanoseconds.
    ///   - duration: Length in nanoseconds.
    ///   - args: Key/value pairs shown with the slice, in this order; keys should differ.
    public func complete(pid: Int, tid: Int, name: String, category: String, start: UInt64, duration: UInt64,
                         args: [(String, String)] = []) {
        guard begin(name: name, category: category, phase: "X") else { return }
        timestamp(start)
        raw(",\"dur\":")
        micros(duration)
        ids(pid: pid, tid: tid)
        stringArgs(args)
        end()
    }

    /// A thread-scoped instant (`i`, `"s":"t"`) on thread track (`pid`, `tid`) at `time` ns.
    public func instant(pid: Int, tid: Int, name: String, category: String, at time: UInt64,
                        args: [(String, String)] = []) {
        guard begin(name: name, category: category, phase: "i") else { return }
        timestamp(time)
        ids(pid: pid, tid: tid)
        raw(",\"s\":\"t\"")
        stringArgs(args)
        end()
    }

    /// Counter values (`C`) of process `pid` at `time` ns: one track per key, named
    /// "`name` `key`". Integral values are written without decimals, others rounded to
    /// six decimals; NaN and infinities are written as 0, since JSON has no such numbers.
    public func counter(pid: Int, name: String, at time: UInt64, values: [(String, Double)]) {
        guard begin(name: name, category: nil, phase: "C") else { return }
        timestamp(time)
        ids(pid: pid, tid: nil)
        raw(",\"args\":{")
        for (index, (key, value)) in values.enumerated() {
            if index > 0 { raw(",") }
            string(key)
            raw(":")
            number(value)
        }
        raw("}")
        end()
    }

    /// Begins an async slice (`b`) on the track of (`category`, `id`) in process `pid`.
    /// The id is process-local (`id2.local`), so equal ids in different processes differ.
    public func asyncBegin(pid: Int, tid: Int, name: String, category: String, id: UInt64, at time: UInt64,
                           args: [(String, String)] = []) {
        guard begin(name: name, category: category, phase: "b") else { return }
        timestamp(time)
        ids(pid: pid, tid: tid)
        raw(",\"id2\":{\"local\":")
        hexID(id)
        raw("}")
        stringArgs(args)
        end()
    }

    /// Ends the innermost open async slice of (`category`, `id`) in process `pid`;
    /// `name` must be that slice's name.
    public func asyncEnd(pid: Int, tid: Int, name: String, category: String, id: UInt64, at time: UInt64) {
        guard begin(name: name, category: category, phase: "e") else { return }
        timestamp(time)
        ids(pid: pid, tid: tid)
        raw(",\"id2\":{\"local\":")
        hexID(id)
        raw("}")
        end()
    }

    /// Starts a flow arrow (`s`) at the slice enclosing `time` on thread track
    /// (`pid`, `tid`). Use each (`category`, `name`, `id`) once.
    public func flowStart(pid: Int, tid: Int, name: String, category: String = "flow", id: UInt64,
                          at time: UInt64) {
        guard begin(name: name, category: category, phase: "s") else { return }
        timestamp(time)
        ids(pid: pid, tid: tid)
        raw(",\"id\":")
        hexID(id)
        end()
    }

    /// Ends a flow arrow (`f`) at the slice enclosing `time` on thread track
    /// (`pid`, `tid`) (`"bp":"e"`; without it the arrow would go to the next slice).
    public func flowEnd(pid: Int, tid: Int, name: String, category: String = "flow", id: UInt64,
                        at time: UInt64) {
        guard begin(name: name, category: category, phase: "f") else { return }
        timestamp(time)
        ids(pid: pid, tid: tid)
        raw(",\"id\":")
        hexID(id)
        raw(",\"bp\":\"e\"")
        end()
    }

    /// Writes the end of the trace, flushes and closes the file. Later calls do nothing.
    /// - Throws: ``PerfettoTraceError/writeFailed(path:reason:)`` if any write failed,
    ///   ``PerfettoTraceError/closeFailed(path:reason:)`` if closing failed; both name the path.
    public func close() throws {
        guard let file else { return }
        raw(eventCount > 0 ? "\n],\"displayTimeUnit\":\"ms\"}\n" : "],\"displayTimeUnit\":\"ms\"}\n")
        flush()
        self.file = nil
        buffer = []
        let closed = fclose(file)
        let closeReason = closed == 0 ? nil : String(cString: strerror(errno))
        if let writeError { throw writeError }
        if let closeReason { throw PerfettoTraceError.closeFailed(path: path, reason: closeReason) }
    }

    // MARK: - Event framing

    /// Starts an event with its name, category and phase; false once the writer is closed.
    private func begin(name: String, category: String?, phase: StaticString) -> Bool {
        guard file != nil else { return false }
        if eventCount > 0 { raw(",\n") }
        raw("{\"name\":")
        string(name)
        if let category {
            raw(",\"cat\":")
            string(category)
        }
        raw(",\"ph\":\"")
        raw(phase)
        raw("\"")
        return true
    }

    private func end() {
        raw("}")
        eventCount += 1
        if buffer.count >= Self.flushThreshold { flush() }
    }

    private func timestamp(_ nanoseconds: UInt64) {
        raw(",\"ts\":")
        micros(nanoseconds)
    }

    private func ids(pid: Int, tid: Int?) {
        raw(",\"pid\":")
        integer(pid)
        if let tid {
            raw(",\"tid\":")
            integer(tid)
        }
    }

    /// Args as an object of strings; omitted when empty so events stay short.
    private func stringArgs(_ pairs: [(String, String)]) {
        guard !pairs.isEmpty else { return }
        raw(",\"args\":{")
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { raw(",") }
            string(key)
            raw(":")
            string(value)
        }
        raw("}")
    }

    private func flush() {
        guard let file, !buffer.isEmpty else { return }
        if writeError == nil {
            let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            if written != buffer.count {
                writeError = .writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: - Byte encoding

    private func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything
    /// else (non-ASCII included) copied as UTF-8.
    private func string(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                raw("\\u00")
                buffer.append(Self.hexDigits[Int(byte >> 4)])
                buffer.append(Self.hexDigits[Int(byte & 0xF)])
            default:
                buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// An id as a JSON string `"0x…"` in lowercase hex, the form Perfetto parses for both
    /// async `id2` and flow `id`.
    private func hexID(_ id: UInt64) {
        raw("\"0x")
        let digits = max(1, (64 - id.leadingZeroBitCount + 3) / 4)
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            buffer.append(Self.hexDigits[Int((id >> UInt64(shift)) & 0xF)])
        }
        raw("\"")
    }

    private func integer(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    private func unsigned<T: UnsignedInteger & FixedWidthInteger>(_ value: T) {
        let start = buffer.count
        var rest = value
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        buffer[start..<buffer.count].reverse()
    }

    /// Nanoseconds as microseconds with exactly three decimals: 1234567 → `1234.567`.
    private func micros(_ nanoseconds: UInt64) {
        unsigned(nanoseconds / 1000)
        let fraction = nanoseconds % 1000
        buffer.append(UInt8(ascii: "."))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    /// A counter value without exponent, NaN or infinity, and without `printf`, whose
    /// decimal point follows the C locale: integral values as integers, others rounded to
    /// six decimals with trailing zeros dropped; non-finite values as 0.
    private func number(_ value: Double) {
        guard value.isFinite else {
            buffer.append(UInt8(ascii: "0"))
            return
        }
        let magnitude = value.magnitude
        guard magnitude < 0x1p63 else {
            // Doubles this large are integers; UInt64 cannot hold them all.
            if value < 0 { buffer.append(UInt8(ascii: "-")) }
            bigInteger(magnitude)
            return
        }
        // Subtracting the truncated part is exact, so only the fraction is rounded.
        var whole = UInt64(magnitude)
        var millionths = ((magnitude - Double(whole)) * 1e6).rounded()
        if millionths >= 1e6 {
            whole += 1
            millionths = 0
        }
        let fraction = UInt64(millionths)
        if value < 0, whole > 0 || fraction > 0 { buffer.append(UInt8(ascii: "-")) }
        unsigned(whole)
        guard fraction > 0 else { return }
        buffer.append(UInt8(ascii: "."))
        var digits = 6
        var trimmed = fraction
        while trimmed % 10 == 0 {
            trimmed /= 10
            digits -= 1
        }
        let start = buffer.count
        for _ in 0..<digits {
            buffer.append(UInt8(ascii: "0") + UInt8(trimmed % 10))
            trimmed /= 10
        }
        buffer[start..<buffer.count].reverse()
    }

    /// Writes an integral double of at least 2^63 exactly: its significand in decimal,
    /// doubled once per binary exponent step.
    private func bigInteger(_ magnitude: Double) {
        var digits: [UInt8] = []  // least significant first, values 0...9
        var significand = (UInt64(1) << 52) | magnitude.significandBitPattern
        while significand > 0 {
            digits.append(UInt8(significand % 10))
            significand /= 10
        }
        for _ in 0..<(Int(magnitude.exponent) - 52) {
            var carry: UInt8 = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        for digit in digits.reversed() {
            buffer.append(UInt8(ascii: "0") + digit)
        }
    }
}
