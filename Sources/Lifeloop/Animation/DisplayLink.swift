/// Something that moves with the frame clock: a property animation or a transition.
///
/// A base class rather than a protocol: the display link reaches its clients through
/// `Unmanaged` references (its list owns them), which needs a class type, so a frame
/// retains and releases none of them.
class FrameClient {
    /// The window it animates in, for frame metrics, unretained (the app keeps its
    /// windows while they animate).
    var frameWindow: Unmanaged<Window>? { nil }
    /// Moves to `now`; returns false once finished, to be dropped from the link.
    func advanceFrame(to now: UInt64) -> Bool { false }
}

/// A screen's display link: ticks on the screen's vsync grid while something animates,
/// and not at all otherwise, so an idle app makes no wakeups.
///
/// Vsyncs sit at absolute instants `k × 1 s / rate` (integer nanoseconds, computed per
/// frame, so they never drift). A frame starts at a vsync: the clients advance, the app
/// commits (layout and display), and the frame is presented at the first later vsync that
/// its work has not overrun. Vsyncs passed over are dropped frames; the next frame starts
/// at the vsync the frame was presented on.
final class DisplayLink {
    let screen: Screen
    unowned(unsafe) let app: Application
    // The app and its loop, reached without a retain on the frame path (an `unowned(unsafe)`
    // reference is still retained around each call made through it).
    private let appRef: Unmanaged<Application>
    private let loopRef: Unmanaged<EventLoop>
    // The frame state is `@exclusivity(unchecked)`: the link lives on its app's loop thread,
    // and every access is a load, a store or an array call that calls out to nothing (a
    // client advances only after it has been read out of `clients`), so none can overlap.
    @exclusivity(unchecked) private var clients: [FrameClient] = []
    @exclusivity(unchecked) private var timer: TimerHandle?
    @exclusivity(unchecked) private var inFrame = false
    /// When the last frame was presented, for frame times.
    @exclusivity(unchecked) private var lastPresented: UInt64?
    /// The vsync the scheduled or running frame started on.
    @exclusivity(unchecked) private var frameDeadline: UInt64 = 0
    /// The windows the running frame animated in; reused from frame to frame.
    @exclusivity(unchecked) private var frameWindows: [Window] = []
    /// The `frame` event's detail (`16666666ns`) for the last two frame times: a display's
    /// frame times take turns between two values (vsync instants are whole nanoseconds),
    /// and formatting them anew was most of what a traced frame cost.
    @exclusivity(unchecked) private var newerFrameTime: UInt64 = 0
    @exclusivity(unchecked) private var newerFrameDetail = "0ns"
    @exclusivity(unchecked) private var olderFrameTime: UInt64 = 0
    @exclusivity(unchecked) private var olderFrameDetail = "0ns"
    // One closure each for the tick and the presentation, made once with the link: a
    // frame allocates none, and reads them as plain stores (not lazy ones, checked for
    // exclusive access at each read). Unretained: the app owns its links and its loop
    // closes with it (an `unowned(unsafe)` capture would still be retained around each call).
    @exclusivity(unchecked) private var tickBody: () -> Void = {}
    @exclusivity(unchecked) private var presentBody: () -> Void = {}

    init(screen: Screen, app: Application) {
        self.screen = screen
        self.app = app
        self.appRef = Unmanaged.passUnretained(app)
        self.loopRef = Unmanaged.passUnretained(app.loop)
        tickBody = { [link = Unmanaged.passUnretained(self)] in link._withUnsafeGuaranteedRef { $0.tick() } }
        presentBody = { [link = Unmanaged.passUnretained(self)] in link._withUnsafeGuaranteedRef { $0.present() } }
    }

    /// The loop's time, read without retaining the loop.
    private var nowNanoseconds: UInt64 { loopRef._withUnsafeGuaranteedRef { $0.now.nanoseconds } }

    /// Whether the link will tick again.
    var isRunning: Bool { timer != nil || inFrame }

    /// The vsync period, rounded down; only for metrics.
    var period: UInt64 { 1_000_000_000 / screen.effectiveRefreshRate }

    /// The first vsync at or after `instant`, or `UInt64.max` when the clock's range ends
    /// first.
    func vsync(atOrAfter instant: UInt64) -> UInt64 {
        Self.vsync(atOrAfter: instant, rate: screen.effectiveRefreshRate)
    }

    /// The first vsync at or after `instant` on a grid of `rate` per second (1...1e9).
    ///
    /// The products take 128 bits: `instant × rate` passes 64 bits after about 4.9
    /// simulated years at 120 Hz, and every instant of the clock must work.
    static func vsync(atOrAfter instant: UInt64, rate: UInt64) -> UInt64 {
        // index = ⌊instant × rate / 1 s⌋ fits in 64 bits since rate ≤ 1 s in ns. While the
        // product fits in 64 bits too (the first 4.9 simulated years at 120 Hz), it is
        // divided there: the same quotient without a 128-bit division.
        let index: UInt64
        let (product, overflow) = instant.multipliedReportingOverflow(by: rate)
        if overflow {
            index = UInt64(1_000_000_000).dividingFullWidth(instant.multipliedFullWidth(by: rate)).quotient
        } else {
            index = product / 1_000_000_000
        }
        let time = Self.instant(ofVsync: index, rate: rate)
        // Vsync `index` is at or before `instant`; then the next one is at or after it.
        guard time < instant else { return time }
        return index == .max ? .max : Self.instant(ofVsync: index + 1, rate: rate)
    }

    /// ⌊index × 1 s / rate⌋, or `UInt64.max` past the clock's range.
    private static func instant(ofVsync index: UInt64, rate: UInt64) -> UInt64 {
        let (narrow, overflow) = index.multipliedReportingOverflow(by: 1_000_000_000)
        if !overflow { return narrow / rate }
        let product = index.multipliedFullWidth(by: 1_000_000_000)
        // The quotient fits in 64 bits exactly when the high half is below the divisor.
        guard product.high < rate else { return .max }
        return rate.dividingFullWidth(product).quotient
    }

    func add(_ client: FrameClient) {
        clients.append(client)
        if !isRunning {
            // A fresh start: the gap since the last animation is not a frame time.
            lastPresented = nil
            schedule(at: vsync(atOrAfter: Self.nextInstant(after: app.loop.now.nanoseconds)))
        }
    }

    /// The instant after `instant`, staying at the end of the clock's range.
    private static func nextInstant(after instant: UInt64) -> UInt64 {
        instant == .max ? .max : instant + 1
    }

    private func schedule(at deadline: UInt64) {
        frameDeadline = deadline
        timer = loopRef._withUnsafeGuaranteedRef { $0.schedule(at: LoopInstant(nanoseconds: deadline), tickBody) }
    }

    /// One frame: advance the clients, then (after the app's commit) present.
    private func tick() {
        timer = nil
        inFrame = true
        frameWindows.emptyKeepingCapacity()
        // Linear in clients and windows: a window joins the frame once, found by the
        // frame's serial number stamped on it (not by searching the list), and finished
        // clients are compacted away in one pass (not removed one by one).
        // A client may add clients while it advances (a completion that starts an
        // animation): they are appended and advance in this frame too, as before. Nothing
        // else removes clients, so the list keeps each one alive through its call.
        let serial = appRef._withUnsafeGuaranteedRef { $0.nextFrameSerial() }
        var kept = 0
        var index = 0
        while index < clients.count {
            let advanced = Unmanaged.passUnretained(clients[index])._withUnsafeGuaranteedRef { client -> Bool in
                if let window = client.frameWindow,
                   window._withUnsafeGuaranteedRef({ $0.frameSerial != serial }) {
                    window._withUnsafeGuaranteedRef { $0.frameSerial = serial }
                    frameWindows.append(window.takeUnretainedValue())
                }
                // `now` is read per client: a callback's cost can move the virtual clock.
                return client.advanceFrame(to: nowNanoseconds)
            }
            if advanced {
                // A kept client moves down over a finished one, which the compaction drops.
                if kept != index { clients.swapAt(kept, index) }
                kept += 1
            }
            index += 1
        }
        if kept < clients.count { clients.removeSubrange(kept...) }
        appRef._withUnsafeGuaranteedRef { $0.afterCommit(presentBody) }
    }

    /// Calls `body` with the `frame` event's detail for `frameTime` where it is kept (one
    /// of the last two, or a new one), so that recording it copies no string.
    @inline(__always)
    private func withFrameDetail(_ frameTime: UInt64, _ body: (UnsafePointer<String>) -> Void) {
        if newerFrameTime != frameTime && olderFrameTime != frameTime { newFrameDetail(frameTime) }
        if newerFrameTime == frameTime {
            withUnsafeMutablePointer(to: &newerFrameDetail) { body($0) }
        } else {
            withUnsafeMutablePointer(to: &olderFrameDetail) { body($0) }
        }
    }

    /// Formats a frame time's detail, which becomes the newer of the two kept.
    @inline(never)
    private func newFrameDetail(_ frameTime: UInt64) {
        let text = "\(frameTime)ns"
        (olderFrameTime, olderFrameDetail) = (newerFrameTime, newerFrameDetail)
        (newerFrameTime, newerFrameDetail) = (frameTime, text)
    }

    /// After the frame's commit: when it is presented, what it dropped, and the next frame.
    private func present() {
        let deadline = frameDeadline
        inFrame = false
        let end = nowNanoseconds
        let presented = vsync(atOrAfter: max(end, Self.nextInstant(after: deadline)))
        let nominal = vsync(atOrAfter: Self.nextInstant(after: deadline))
        let dropped = Int(clamping: (presented - nominal) / max(1, period))
        let frameTime = lastPresented.map { presented - $0 } ?? (nominal - deadline)
        lastPresented = presented
        let frame = PresentedFrame(window: "", start: deadline, workEnd: end, presented: presented, period: period,
                                   dropped: dropped, frameTime: frameTime)
        if appRef._withUnsafeGuaranteedRef({ $0.tracing }) {
            withFrameDetail(frameTime) { presentWindows(frame, detail: $0) }
        } else {
            presentWindows(frame, detail: nil)
        }
        if !clients.isEmpty { schedule(at: presented) }
    }

    /// The frame's metrics, probe call and (with `detail`, when tracing) `frame` event for
    /// each window it animated in, in the order they joined the frame.
    @inline(__always)
    private func presentWindows(_ frame: PresentedFrame, detail: UnsafePointer<String>?) {
        let probe = appRef._withUnsafeGuaranteedRef { $0.probe }
        // The list owns its windows through the frame: they are read unretained.
        var index = 0
        while index < frameWindows.count {
            Unmanaged.passUnretained(frameWindows[index])._withUnsafeGuaranteedRef { window in
                window.frameMetrics.record(frameTime: frame.frameTime, dropped: frame.dropped, period: frame.period)
                if let probe {
                    var windowFrame = frame
                    windowFrame.window = window.traceLabel
                    probe.framePresented(windowFrame)
                }
                if let detail {
                    // The loop is reached unretained, like the app; the label is read where
                    // the window keeps it.
                    loopRef._withUnsafeGuaranteedRef { loop in
                        withUnsafeMutablePointer(to: &window.storedLabel) { label in
                            loop.record(labelAt: label, event: "frame", detailAt: detail, windowAt: label)
                        }
                        if frame.dropped > 0 {
                            let label = window.traceLabel
                            loop.record(label: label, event: "droppedFrames", detail: "\(frame.dropped)", window: label)
                        }
                    }
                }
            }
            index += 1
        }
    }
}
