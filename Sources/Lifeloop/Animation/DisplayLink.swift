/// Something that moves with the frame clock: a property animation or a transition.
protocol FrameClient: AnyObject {
    /// The window it animates in, for frame metrics.
    var frameWindow: Window? { get }
    /// Moves to `now`; returns false once finished, to be dropped from the link.
    func advanceFrame(to now: UInt64) -> Bool
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
    private var clients: [FrameClient] = []
    private var timer: TimerHandle?
    private var inFrame = false
    /// When the last frame was presented, for frame times.
    private var lastPresented: UInt64?
    /// The vsync the scheduled or running frame started on.
    private var frameDeadline: UInt64 = 0
    /// The windows the running frame animated in; reused from frame to frame.
    private var frameWindows: [Window] = []
    // One closure each for the tick and the presentation, made once: a frame allocates
    // none. `unowned(unsafe)`: the app owns its links and its loop closes with it.
    private lazy var tickBody: () -> Void = { [unowned(unsafe) self] in tick() }
    private lazy var presentBody: () -> Void = { [unowned(unsafe) self] in present() }

    init(screen: Screen, app: Application) {
        self.screen = screen
        self.app = app
    }

    /// Whether the link will tick again.
    var isRunning: Bool { timer != nil || inFrame }

    /// The vsync period, rounded down; only for metrics.
    var period: UInt64 { 1_000_000_000 / UInt64(max(1, screen.refreshRate)) }

    /// The first vsync at or after `instant`.
    func vsync(atOrAfter instant: UInt64) -> UInt64 {
        let rate = UInt64(max(1, screen.refreshRate))
        var index = instant * rate / 1_000_000_000
        var time = index * 1_000_000_000 / rate
        while time < instant {
            index += 1
            time = index * 1_000_000_000 / rate
        }
        return time
    }

    func add(_ client: FrameClient) {
        clients.append(client)
        if !isRunning {
            // A fresh start: the gap since the last animation is not a frame time.
            lastPresented = nil
            schedule(at: vsync(atOrAfter: app.loop.now.nanoseconds + 1))
        }
    }

    private func schedule(at deadline: UInt64) {
        frameDeadline = deadline
        timer = app.loop.schedule(at: LoopInstant(nanoseconds: deadline), tickBody)
    }

    /// One frame: advance the clients, then (after the app's commit) present.
    private func tick() {
        timer = nil
        inFrame = true
        frameWindows.removeAll(keepingCapacity: true)
        var index = 0
        while index < clients.count {
            let client = clients[index]
            if let window = client.frameWindow, !frameWindows.contains(where: { $0 === window }) {
                frameWindows.append(window)
            }
            if client.advanceFrame(to: app.loop.now.nanoseconds) {
                index += 1
            } else {
                clients.remove(at: index)
            }
        }
        app.afterCommit(presentBody)
    }

    /// After the frame's commit: when it is presented, what it dropped, and the next frame.
    private func present() {
        let deadline = frameDeadline
        inFrame = false
        let end = app.loop.now.nanoseconds
        let presented = vsync(atOrAfter: max(end, deadline + 1))
        let nominal = vsync(atOrAfter: deadline + 1)
        let dropped = Int((presented - nominal) / max(1, period))
        let frameTime = lastPresented.map { presented - $0 } ?? (nominal - deadline)
        lastPresented = presented
        for window in frameWindows {
            window.frameMetrics.record(frameTime: frameTime, dropped: dropped, period: period)
            app.probe?.framePresented(PresentedFrame(window: window.label, start: deadline, workEnd: end, presented: presented,
                                                     period: period, dropped: dropped, frameTime: frameTime))
            if app.tracing {
                app.loop.record(label: window.label, event: "frame", detail: "\(frameTime)ns", window: window.label)
                if dropped > 0 {
                    app.loop.record(label: window.label, event: "droppedFrames", detail: "\(dropped)", window: window.label)
                }
            }
        }
        if !clients.isEmpty { schedule(at: presented) }
    }
}
