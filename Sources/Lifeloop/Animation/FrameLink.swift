import Foundation

/// A timer that calls back on each frame of a screen's display link: UIKit's
/// `CADisplayLink`, with its target-selector form and a closure form.
///
/// Add it to a run loop (`add(to: .main, forMode: .common)`) to start it. On each vsync
/// of the screen (every frame, or every nth for a lower `preferredFramesPerSecond`) it
/// calls back with `timestamp` (this frame's vsync), `targetTimestamp` (the next one it
/// will call back on) and `duration` (the screen's frame period), in seconds of the
/// app's loop clock, virtual in tests. A running link keeps the display link ticking, so
/// `settle()` waits for it: pause or invalidate it when done. The link retains its target
/// until `invalidate()`, as in UIKit.
public final class FrameLink {
    private enum Callback {
        case handler((FrameLink) -> Void)
        case selector(AnyObject, Selector)
    }

    private var callback: Callback?
    private let screen: Screen?
    private var client: FrameLinkClient?
    private var isAdded = false
    /// When the next callback is due (ns), for a rate below the screen's.
    private var nextDue: UInt64 = 0

    /// A link that calls `handler` on each frame.
    public init(screen: Screen? = nil, handler: @escaping (FrameLink) -> Void) {
        self.screen = screen
        callback = .handler(handler)
    }

    /// A link that calls the method `selector` names on `target`, with the link as its
    /// argument when the selector takes one.
    public init(target: Any, selector: Selector) {
        screen = nil
        callback = .selector(target as AnyObject, selector)
    }

    init(screen: Screen, target: Any, selector: Selector) {
        self.screen = screen
        callback = .selector(target as AnyObject, selector)
    }

    /// This frame's vsync, in seconds of the loop clock.
    public private(set) var timestamp: Double = 0
    /// The vsync of the next callback.
    public private(set) var targetTimestamp: Double = 0
    /// The screen's frame period, in seconds.
    public private(set) var duration: Double = 0
    /// Whether callbacks are suspended (the display link stops ticking for it).
    public var isPaused = false {
        didSet { if oldValue && !isPaused { schedule() } }
    }
    /// The callback rate wanted; 0 (the default) means every frame of the screen.
    public var preferredFramesPerSecond = 0
    /// Frames between callbacks (deprecated in UIKit; `preferredFramesPerSecond` wins).
    public var frameInterval = 1

    /// Starts the link on the app's loop (the run loop and mode are accepted as given).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard callback != nil else { return }
        isAdded = true
        schedule()
    }

    /// Stops the link's callbacks from that run loop.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        isAdded = false
        client?.link = nil
        client = nil
    }

    /// Stops the link for good and releases its target.
    public func invalidate() {
        isAdded = false
        callback = nil
        client?.link = nil
        client = nil
    }

    /// Frames of the screen per callback.
    private func framesPerCallback(rate: UInt64) -> UInt64 {
        if preferredFramesPerSecond > 0 {
            return max(1, UInt64((Double(rate) / Double(preferredFramesPerSecond)).rounded()))
        }
        return UInt64(max(1, frameInterval))
    }

    private func schedule() {
        guard isAdded, !isPaused, client == nil, let app = ThreadContext.application else { return }
        let made = FrameLinkClient(link: self)
        client = made
        app.displayLink(for: screen ?? app.mainScreen).add(made)
    }

    /// One frame at `now` (ns): calls back when due; returns whether to keep ticking.
    fileprivate func frame(at now: UInt64, client: FrameLinkClient) -> Bool {
        guard client === self.client, isAdded, !isPaused, let callback else {
            if client === self.client { self.client = nil }
            return false
        }
        let rate = max(1, (screen ?? ThreadContext.application?.mainScreen)?.effectiveRefreshRate ?? 60)
        let period = 1_000_000_000 / rate
        guard now >= nextDue else { return true }
        let step = framesPerCallback(rate: rate)
        nextDue = now + step * period - period / 2
        timestamp = Double(now) / 1e9
        duration = Double(period) / 1e9
        targetTimestamp = timestamp + Double(step * period) / 1e9
        switch callback {
        case .handler(let handler): handler(self)
        case .selector(let target, let selector): SelectorDispatch.send(selector, to: target, arguments: [self])
        }
        return true
    }
}

/// The display link's client for a ``FrameLink``.
final class FrameLinkClient: FrameClient {
    var link: FrameLink?

    init(link: FrameLink) {
        self.link = link
    }

    override func advanceFrame(to now: UInt64) -> Bool {
        guard let link else { return false }
        return link.frame(at: now, client: self)
    }
}

extension Screen {
    /// A display link on this screen calling `selector` on `target`: UIKit's
    /// `UIScreen.displayLink(withTarget:selector:)`.
    public func displayLink(withTarget target: Any, selector: Selector) -> FrameLink? {
        FrameLink(screen: self, target: target, selector: selector)
    }
}
