/// The update-cycle passes a commit runs over each window.
public enum UpdatePass: String, Sendable, Hashable {
    /// The layout pass (L07).
    case layout
    /// The display pass (L08).
    case display
}

/// One frame a display link presented, for one window it animated in.
public struct PresentedFrame: Sendable, Hashable {
    /// The window's label.
    public var window: String
    /// The vsync the frame started on, in loop nanoseconds.
    public var start: UInt64
    /// When the frame's work (advancing animations, then the commit) ended.
    public var workEnd: UInt64
    /// The vsync the frame was presented on.
    public var presented: UInt64
    /// The vsync period of the window's screen.
    public var period: UInt64
    /// Vsyncs passed over before it.
    public var dropped: Int
    /// The time since the previous presented frame (or one period for the first).
    public var frameTime: UInt64
}

/// Watches a running app at fixed points, on its loop thread: what measurement tools
/// (the scenario runner, the Perfetto exporter) need without reading the trace.
///
/// The runtime calls each method synchronously; a `callbackWillRun` may spend main-thread
/// time (`loop.consume`) to model a callback's cost. Every method has an empty default.
/// An app without a probe pays one nil check per callback and pass.
///
/// - Warning: Not `Sendable`: a probe belongs to its app's loop thread.
public protocol RuntimeProbe: AnyObject {
    /// A controller callback is about to run (after its trace event).
    func callbackWillRun(_ event: String, of controller: ViewController)
    /// A controller callback returned.
    func callbackDidRun(_ event: String, of controller: ViewController)
    /// A commit is about to run a pass over a window with marked views.
    func passWillRun(_ pass: UpdatePass, in window: Window)
    /// The pass over that window ended.
    func passDidRun(_ pass: UpdatePass, in window: Window)
    /// The commit at the end of a turn is about to run (it runs every turn).
    func commitWillBegin()
    /// The commit at the end of a turn ended (its post-commit callbacks included).
    func commitDidEnd()
    /// A display link presented a frame in a window.
    func framePresented(_ frame: PresentedFrame)
    /// A transition began on the frame clock: `name` is push, pop, present, dismiss or
    /// interactivePop; `id` stays the same until it ends.
    func transitionDidBegin(_ name: String, id: ObjectIdentifier, in window: Window)
    /// That transition ended (after its final commit), finished or cancelled.
    func transitionDidEnd(id: ObjectIdentifier, cancelled: Bool)
    /// A property animation began in a window.
    func animationDidBegin(_ property: String, of view: View, id: ObjectIdentifier, in window: Window)
    /// That animation ended, finished or interrupted.
    func animationDidEnd(id: ObjectIdentifier, finished: Bool)
}

extension RuntimeProbe {
    public func callbackWillRun(_ event: String, of controller: ViewController) {}
    public func callbackDidRun(_ event: String, of controller: ViewController) {}
    public func passWillRun(_ pass: UpdatePass, in window: Window) {}
    public func passDidRun(_ pass: UpdatePass, in window: Window) {}
    public func commitWillBegin() {}
    public func commitDidEnd() {}
    public func framePresented(_ frame: PresentedFrame) {}
    public func transitionDidBegin(_ name: String, id: ObjectIdentifier, in window: Window) {}
    public func transitionDidEnd(id: ObjectIdentifier, cancelled: Bool) {}
    public func animationDidBegin(_ property: String, of view: View, id: ObjectIdentifier, in window: Window) {}
    public func animationDidEnd(id: ObjectIdentifier, finished: Bool) {}
}
