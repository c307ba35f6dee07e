import Foundation

/// Reports how far a sweep over many seeds has got, on stderr or wherever `write` sends it.
///
/// On a terminal it redraws one line in place with `\r`, at most ten times a second:
///
///     label [########............] 412/1000 seeds  81.3 seeds/s  ETA 7s  failures 2
///
/// Elsewhere (a CI log, a file) it writes a plain line at most every `plainInterval` seconds:
///
///     label 412/1000 seeds, 81.3 seeds/s, ETA 7s, 2 failures
///
/// and ``finish()`` ends with a newline-terminated summary in both modes. The label, when not
/// empty, starts every line. Numbers have fixed decimals so the output does not depend on the
/// locale; the ETA is `--` until a seed has finished.
///
/// Seeds finish on many threads: a lock guards all state, which is why the class is
/// `@unchecked Sendable`. `write` is called with the lock held, so lines come out in order;
/// it must not call back into the reporter.
public final class ProgressReporter: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let isTerminal: Bool
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> Double
    private let plainInterval: Double
    private let start: Double

    private let lock = NSLock()
    private var done = 0
    private var failures = 0
    /// When a line was last written, so redraws are spaced out.
    private var lastWrite: Double?
    /// The length of the line on screen, so a shorter redraw can blank the rest of it.
    private var shownLength = 0
    private var finished = false

    /// Terminal redraws come at most this often: faster only costs cycles, and the eye
    /// cannot follow it.
    private static let redrawInterval = 0.1
    private static let barWidth = 20

    /// - Parameters:
    ///   - total: how many seeds the sweep runs.
    ///   - label: what is running (a scenario's name, say); empty for none.
    ///   - isTerminal: redraw one line in place rather than print plain lines.
    ///   - write: where text goes; called with the reporter's lock held.
    ///   - clock: monotonic seconds; injected by tests.
    ///   - plainInterval: seconds between plain lines.
    public init(
        total: Int, label: String, isTerminal: Bool,
        write: @escaping @Sendable (String) -> Void,
        clock: @escaping @Sendable () -> Double = ProgressReporter.monotonicSeconds,
        plainInterval: Double = 5
    ) {
        self.total = max(0, total)
        self.label = label
        self.isTerminal = isTerminal
        self.write = write
        self.clock = clock
        self.plainInterval = plainInterval
        self.start = clock()
    }

    /// Counts one finished seed, and shows progress if it is time to.
    public func seedFinished(failed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        done += 1
        if failed { failures += 1 }
        let now = clock()
        if isTerminal {
            // The first seed draws at once, so a slow sweep shows its bar early.
            if let last = lastWrite, now - last < Self.redrawInterval { return }
            lastWrite = now
            show("\r" + terminalLine(now: now))
        } else {
            // Plain lines pile up in a log, so the first waits a full interval too, and
            // none is printed for the last seed: finish() summarises that.
            guard now - (lastWrite ?? start) >= plainInterval, done < total else { return }
            lastWrite = now
            write(plainLine(now: now) + "\n")
        }
    }

    /// Prints the summary line, newline-terminated, with the total time. Later calls, and
    /// seeds finishing after it, print nothing.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        let elapsed = clock() - start
        var line = prefix + "\(done)/\(total) seeds in \(Self.duration(elapsed, decimals: true))"
        line += ", \(Self.rate(done: done, elapsed: elapsed)) seeds/s, \(Self.failureCount(failures))"
        if isTerminal {
            show("\r" + line)
            write("\n")
        } else {
            write(line + "\n")
        }
    }

    /// Whether standard error is a terminal, so progress can be redrawn in place.
    public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// A reporter writing to standard error, redrawing in place when that is a terminal.
    public static func stderr(total: Int, label: String) -> ProgressReporter {
        ProgressReporter(total: total, label: label, isTerminal: stderrIsTerminal) { text in
            // Progress is a courtesy: a closed stderr must not stop the sweep.
            try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
        }
    }

    /// Seconds on a clock that never jumps back, for measuring rates.
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    // MARK: - Lines

    private var prefix: String { label.isEmpty ? "" : label + " " }

    private func terminalLine(now: Double) -> String {
        let filled = total > 0 ? min(Self.barWidth, done * Self.barWidth / total) : Self.barWidth
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: Self.barWidth - filled)
        let elapsed = now - start
        return prefix + "[\(bar)] \(done)/\(total) seeds  \(Self.rate(done: done, elapsed: elapsed)) seeds/s"
            + "  ETA \(eta(elapsed: elapsed))  failures \(failures)"
    }

    private func plainLine(now: Double) -> String {
        let elapsed = now - start
        return prefix + "\(done)/\(total) seeds, \(Self.rate(done: done, elapsed: elapsed)) seeds/s"
            + ", ETA \(eta(elapsed: elapsed)), \(Self.failureCount(failures))"
    }

    /// Writes `text` (starting with `\r`), padded with spaces over whatever longer line was
    /// on screen before.
    private func show(_ text: String) {
        let length = text.count - 1
        write(text + String(repeating: " ", count: max(0, shownLength - length)))
        shownLength = length
    }

    /// The time left at the rate so far; `--` until a seed is done and time has passed.
    private func eta(elapsed: Double) -> String {
        guard done > 0, elapsed > 0 else { return "--" }
        return Self.duration(elapsed * Double(max(0, total - done)) / Double(done), decimals: false)
    }

    // MARK: - Formatting

    private static func failureCount(_ count: Int) -> String {
        count == 1 ? "1 failure" : "\(count) failures"
    }

    /// Seeds a second with one decimal; `--` when no time has passed to divide by.
    static func rate(done: Int, elapsed: Double) -> String {
        guard elapsed > 0 else { return done == 0 ? "0.0" : "--" }
        return fixed(Double(done) / elapsed)
    }

    /// `7s`, `3m12s`, `1h04m`; with `decimals`, times under a minute get a tenth: `12.3s`.
    static func duration(_ seconds: Double, decimals: Bool) -> String {
        // Beyond this a Double-to-Int conversion could trap, and no one waits that long.
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return "--" }
        if decimals, seconds < 59.95 { return fixed(seconds) + "s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m\(twoDigits(whole % 60))s" }
        return "\(whole / 3600)h\(twoDigits(whole % 3600 / 60))m"
    }

    /// One decimal, rounded half away from zero, without the locale-dependent `String(format:)`.
    static func fixed(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "--" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
