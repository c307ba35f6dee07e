import Glibc

/// A rectangle on screen that owns subviews, lays them out and draws: UIKit's `UIView`.
///
/// Override the callbacks (`willMove(toSuperview:)`, `layoutSubviews()`, `draw(_:)`, ...)
/// as in UIKit; there is no need to call `super`, and the runtime, not the override,
/// records each callback in the trace as `label event`, with the selector's base name
/// (`willMoveToSuperview`, `drawRect`).
///
/// - Warning: A view belongs to the app whose loop thread created it. Calls from another
///   thread are recorded as `offLoopAccess` diagnostics and ignored.
open class View: Responder {
    /// The view's name in the trace; by default `TypeName#n`, numbered per app.
    public final var traceLabel: String {
        get { storedLabel }
        set { if onLoop("traceLabel") { storedLabel = newValue } }
    }
    /// A number to find the view by, as `viewWithTag(_:)` does.
    open var tag: Int {
        get { storedTag }
        set { if onLoop("tag") { storedTag = newValue } }
    }
    /// Whether the view is hidden: hidden views are not drawn. Hiding or showing a window
    /// gives its controllers appearance callbacks.
    open var isHidden: Bool {
        get { storedHidden }
        set {
            guard onLoop("isHidden"), newValue != storedHidden else { return }
            storedHidden = newValue
            hiddenDidChange()
            if let stack = storedSuperview as? StackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
                stack.arrangedSubviewVisibilityChanged()
            }
        }
    }
    /// The view's background color; animatable.
    open var backgroundColor: Color? {
        get { storedBackgroundColor }
        set {
            // Checked before `willChange`, which reads the app's animation capture.
            guard onLoop("backgroundColor") else { return }
            willChange(.backgroundColor, from: .color(storedBackgroundColor))
            storedBackgroundColor = newValue
        }
    }
    /// The view's opacity, from 0 to 1; animatable.
    open var alpha: CGFloat {
        get { storedAlpha }
        set {
            guard onLoop("alpha") else { return }
            willChange(.alpha, from: .number(storedAlpha))
            storedAlpha = newValue
        }
    }
    /// How the view resizes when its superview's bounds change.
    public final var autoresizingMask: AutoresizingMask {
        get { storedAutoresizingMask }
        set { if onLoop("autoresizingMask") { storedAutoresizingMask = newValue } }
    }
    /// Whether a bounds change resizes the subviews by their masks (at the next layout).
    public final var autoresizesSubviews: Bool {
        get { storedAutoresizesSubviews }
        set { if onLoop("autoresizesSubviews") { storedAutoresizesSubviews = newValue } }
    }
    /// What a tap on the view does (from a storyboard or set in code).
    public final var tapAction: TapAction? {
        get { storedTapAction }
        set { if onLoop("tapAction") { storedTapAction = newValue } }
    }

    /// The subviews, back to front.
    public internal(set) var subviews: [View] = []

    /// The app, through the link it clears when it goes (not weak: see ``AppLink``).
    var appLink: AppLink?
    var app: Application? {
        get { appLink?.app }
        set { appLink = newValue?.link }
    }

    /// The app this view belongs to: the one whose loop thread created it.
    public var application: Application? { app }

    /// The controller whose root view this is, if any (UIKit reaches it as the view's
    /// next responder): snapshots name a controller's view after it.
    public var owningViewController: ViewController? { owningController }

    /// The controller whose root view this is.
    weak var owningController: ViewController?
    /// Whether some controller took this view as its root: a plain flag, so the window
    /// moves of a subtree load the weak ``owningController`` only where there is one.
    var hostsController = false
    // `unowned(unsafe)`: a superview keeps its subviews alive and clears these pointers
    // when it lets one go (or dies); a window does the same for its whole tree. Weak
    // references would give every view a side-table allocation.
    unowned(unsafe) var storedSuperview: View?
    /// The window, as an `unowned(unsafe)` reference would hold it; kept as `Unmanaged`
    /// so that the trace reads its label without a retain and release of the window.
    @exclusivity(unchecked) var storedWindowRef: Unmanaged<Window>?
    var storedWindow: Window? {
        @inline(__always) get { storedWindowRef?.takeUnretainedValue() }
        @inline(__always) set { storedWindowRef = newValue.map { Unmanaged.passUnretained($0) } }
    }
    // The storage behind the public properties, whose setters check the thread first.
    // The label's exclusivity is not checked at run time: its accesses are loads and stores,
    // and the trace reads it in place for the length of one record, which calls out to
    // nothing that sets a label before it has copied what it keeps.
    @exclusivity(unchecked) var storedLabel: String
    private var storedTag = 0
    private var storedAutoresizingMask: AutoresizingMask = []
    private var storedAutoresizesSubviews = true
    private var storedTapAction: TapAction?
    private var storedFrame: Rect
    private var storedBackgroundColor: Color?
    private var storedAlpha: CGFloat = 1.0
    /// UIKit state most views never set (transform, layer, content mode, ...), made on
    /// first use: one pointer per view until then.
    var extras: ViewExtras?
    var storedHidden = false
    /// In-flight animation values; nil when the view does not animate.
    var presentation: PresentationState?
    private var storedBoundsOrigin: Point = .zero
    /// The superview's bounds size this view's frame was last set against; the layout pass
    /// autoresizes from it.
    var designParentSize: Size?
    var flags: UpdateFlags = [.needsLayout, .needsDisplay]
    /// The app's loop thread (0 with no app): the confinement check compares against it
    /// without loading the weak `app` reference.
    var loopThread: pthread_t = 0

    /// The view's element serial (Elements/ElementID.swift): given when it is made, or
    /// when the element tree first meets a view made outside any app.
    final var elementSerial: UInt64 = 0

    /// Creates a view with a frame in its future superview's coordinates.
    public init(frame: Rect) {
        storedFrame = frame
        let application = ThreadContext.application
        appLink = application?.link
        loopThread = application?.loopThread ?? 0
        storedLabel = application?.nextLabel(for: Self.self) ?? _typeName(Self.self, qualified: false)
        elementSerial = application?.nextElementSerial() ?? 0
    }

    /// Creates a view from an archive, as UIKit's `init?(coder:)`: Lifeloop reads no
    /// archives, so the view starts with a zero frame, as one from a nib does before its
    /// frame is set. Subclasses with initializers of their own provide it, as in UIKit.
    public required init?(coder: NSCoder) {
        storedFrame = .zero
        let application = ThreadContext.application
        appLink = application?.link
        loopThread = application?.loopThread ?? 0
        storedLabel = application?.nextLabel(for: Self.self) ?? _typeName(Self.self, qualified: false)
        elementSerial = application?.nextElementSerial() ?? 0
    }


    /// Creates a view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    deinit {
        for subview in subviews where subview.storedSuperview === self {
            subview.storedSuperview = nil
        }
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates. A size change marks the view
    /// and its superview for layout (L26); a move alone marks nothing.
    open var frame: Rect {
        get { storedFrame }
        set {
            guard onLoop("frame") else { return }
            willChange(.frame, from: .rect(storedFrame))
            let oldSize = storedFrame.size
            if oldSize != newValue.size { sizeWillChange(to: newValue.size) }
            storedFrame = newValue
            if let superview = storedSuperview { designParentSize = superview.bounds.size }
            if oldSize != newValue.size { sizeDidChange() }
            frameDidChangeForAutoLayout()
        }
    }

    /// A size set from outside the layout pass marks the view and its superview (L26).
    private func sizeDidChange() {
        setNeedsLayout()
        // A window that turns or resizes with the keyboard up: the keyboard takes the new
        // width and height (its notifications are posted again).
        if let window = self as? Window, window.keyboard.isShown { window.keyboardFollowsFirstResponder() }
        if let superview = storedSuperview, !superview.flags.contains(.inLayoutSubviews) { superview.setNeedsLayout() }
    }

    /// The view's rectangle in its own coordinates. A size change marks it and its
    /// superview for layout (L26).
    open var bounds: Rect {
        get { Rect(origin: storedBoundsOrigin, size: storedFrame.size) }
        set {
            guard onLoop("bounds") else { return }
            storedBoundsOrigin = newValue.origin
            if newValue.size != storedFrame.size {
                willChange(.frame, from: .rect(storedFrame))
                let center = self.center
                storedFrame = Rect(x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
                                   width: newValue.width, height: newValue.height)
                sizeDidChange()
                frameDidChangeForAutoLayout()
            }
        }
    }

    /// The center of the frame, in the superview's coordinates.
    open var center: Point {
        get { Point(x: storedFrame.midX, y: storedFrame.midY) }
        set {
            guard onLoop("center") else { return }
            willChange(.frame, from: .rect(storedFrame))
            storedFrame.origin = Point(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2)
            frameDidChangeForAutoLayout()
        }
    }

    /// Sets the frame as autoresizing does: against the superview's new size. Only the
    /// view is marked: the superview is the one laying out.
    func setAutoresizedFrame(_ frame: Rect, parentSize: Size) {
        let oldSize = storedFrame.size
        storedFrame = frame
        designParentSize = parentSize
        if oldSize != frame.size { setNeedsLayout() }
        frameDidChangeForAutoLayout()
    }

    // MARK: Hierarchy

    /// The view this one is a subview of.
    public var superview: View? { storedSuperview }

    /// The window the view is in, if any.
    public var window: Window? { storedWindow }

    /// Whether `self` is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.storedSuperview
        }
        return false
    }

    /// The first view in this subtree (pre-order) with the given tag.
    public func viewWithTag(_ tag: Int) -> View? {
        firstInSubtree { $0.tag == tag }
    }

    /// The first view in this subtree (pre-order) with the given label.
    public func viewWithLabel(_ label: String) -> View? {
        firstInSubtree { $0.traceLabel == label }
    }

    func firstInSubtree(where matches: (View) -> Bool) -> View? {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if matches(view) { return view }
            stack.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    // MARK: Callbacks to override

    /// Called before the view moves to a new superview (nil when it is removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to a new superview.
    open func didMoveToSuperview() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}
    /// Called before the view moves to a new window (nil when it leaves one).
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view moved to a new window.
    open func didMoveToWindow() {}
    /// Lays out the subviews. Autoresizing has already been applied when this runs.
    open func layoutSubviews() {}
    /// Draws the view's content in `rect`.
    open func draw(_ rect: Rect) {}
    /// Called on each object loaded from a nib or storyboard once all of them exist.
    open func awakeFromNib() {}
    /// Called by Interface Builder to preview a designable view; Lifeloop never calls it.
    open func prepareForInterfaceBuilder() {}


    // MARK: Reached by name (the port step overrides these)

    /// Sets an outlet by name; this class has none. See ``NameWirable``.
    open override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { false }
    /// Calls a method by selector; this class has none reachable by name. See ``NameWirable``.
    open override func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome { .notFound }
    /// Whether a method is reachable by `selector`; none is here. See ``NameWirable``.
    open override func lifeloopResponds(to selector: Selector) -> Bool { false }

    // MARK: UIKit's overridable calls (their work is in extensions)

    /// What a tap does to the view itself (controls send their actions).
    func receiveTap() {}

    /// The layout a Lifeloop class does itself before `layoutSubviews()` (a table's cells,
    /// a cell's labels), as UIKit's `super.layoutSubviews()` would: it runs even when an
    /// override does not call `super`.
    func runBuiltInLayout() {}

    /// What a Lifeloop class does itself when it joins or leaves a window, before
    /// `didMoveToWindow()` (a table asks its counts the first time).
    func runtimeDidMoveToWindow() {}

    /// Whether the view is its window's first responder.
    open override var isFirstResponder: Bool { storedWindow?.firstResponder === self }
    /// The next responder: the controller whose root view this is, else the superview.
    open override var next: Responder? {
        if hostsController, let controller = owningController, controller.viewIfLoaded === self { return controller }
        return storedSuperview
    }
    /// Whether the view can become first responder (text fields can).
    open override var canBecomeFirstResponder: Bool { false }
    /// Makes the view its window's first responder, if it can be one and the current
    /// first responder resigns (it may refuse; then this returns false).
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard onLoop("becomeFirstResponder()"), canBecomeFirstResponder, let window = storedWindow else { return false }
        if window.firstResponder === self { return true }
        guard window.handFirstResponder(to: self) else { return false }
        window.firstResponder = self
        window.keyboardFollowsFirstResponder()
        return true
    }
    /// Gives up first responder status.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard onLoop("resignFirstResponder()") else { return false }
        endEditingNow()
        return true
    }
    /// First responder status ends without asking: after an agreed resign, or forced
    /// (`endEditing(true)`, the view leaving its window). Text fields and views end
    /// their editing here.
    func endEditingNow() {
        guard let window = storedWindow, window.firstResponder === self else { return }
        window.firstResponder = nil
        window.keyboardFollowsFirstResponder()
    }
    /// Makes the first responder inside this view resign (UIKit's keyboard dismissal).
    /// With `force`, it is not asked: its editing ends even if its delegate would refuse.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        guard onLoop("endEditing(_:)"), let responder = storedWindow?.firstResponder, responder.isDescendant(of: self)
        else { return true }
        if force {
            responder.endEditingNow()
            return true
        }
        return responder.resignFirstResponder()
    }

    /// Adds a view on top of the subviews; see `performAddSubview(_:)`.
    open func addSubview(_ view: View) { performAddSubview(view) }
    /// Inserts a view among the subviews at `index` (clamped to the valid range).
    open func insertSubview(_ view: View, at index: Int) { performInsertSubview(view, at: index) }
    /// Inserts a view just above `siblingSubview` (on top if it is not a subview).
    open func insertSubview(_ view: View, aboveSubview siblingSubview: View) {
        let index = subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? subviews.count
        performInsertSubview(view, at: index)
    }
    /// Inserts a view just below `siblingSubview` (at the bottom if it is not a subview).
    open func insertSubview(_ view: View, belowSubview siblingSubview: View) {
        performInsertSubview(view, at: subviews.firstIndex { $0 === siblingSubview } ?? 0)
    }
    /// Moves a subview to the front.
    open func bringSubviewToFront(_ view: View) {
        guard onLoop("bringSubviewToFront(_:)"), view.storedSuperview === self else { return }
        performInsertSubview(view, at: subviews.count)
    }
    /// Moves a subview to the back.
    open func sendSubviewToBack(_ view: View) {
        guard onLoop("sendSubviewToBack(_:)"), view.storedSuperview === self else { return }
        performInsertSubview(view, at: 0)
    }
    /// Removes the view from its superview; see `performRemoveFromSuperview()`.
    open func removeFromSuperview() { performRemoveFromSuperview() }
    /// Marks the view for layout at the end of the turn (L09).
    open func setNeedsLayout() { markNeedsLayout() }
    /// Marks the whole view for drawing at the end of the turn.
    open func setNeedsDisplay() { markNeedsDisplay() }
    /// Marks part of the view for drawing; Lifeloop redraws the whole view.
    open func setNeedsDisplay(_ rect: Rect) { markNeedsDisplay(rect) }
    /// Lays out the marked part of this view's subtree now (L09).
    open func layoutIfNeeded() { performLayoutIfNeeded() }

    /// The size that fits `size`: by default the current size, as UIKit's `UIView`.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }
    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    open func sizeToFit() {
        guard onLoop("sizeToFit()") else { return }
        let fitted = sizeThatFits(bounds.size)
        frame = Rect(origin: frame.origin, size: fitted)
    }
    /// The size the content wants; `noIntrinsicMetric` (-1) in a dimension that has none.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
    /// Notes that ``intrinsicContentSize`` changed: the window's layout engine takes the new
    /// size in its next pass (L33).
    open func invalidateIntrinsicContentSize() { intrinsicContentSizeDidChange() }
    /// Updates the view's constraints before layout (L33): called from the deepest views up
    /// when the view is marked with ``setNeedsUpdateConstraints()`` or has not run it since
    /// its window's layout engine engaged. Lifeloop records it as `updateConstraints`.
    open func updateConstraints() {}
    /// Whether the view needs Auto Layout even with no constraint of its own: a view of a
    /// class that answers true engages its window's layout engine (and its
    /// ``View/updateConstraints()``) when it joins the window.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The class of the view's ``layer``: override it to back the view with a shape,
    /// gradient or text layer (a class that is not a ``Layer`` gives a plain layer).
    open class var layerClass: AnyClass { Layer.self }
    /// The value of a dimension with no intrinsic size, as UIKit's.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The tint, inherited from the superview when unset (the system blue at the root).
    open var tintColor: Color! {
        get {
            // A dimmed view's tint is desaturated (UIKit's `TintAdjustmentMode.dimmed`): grey.
            // An inherited tint comes dimmed already when the superview is; only a view that
            // dims itself, or sets a tint of its own under a dimmed superview, looks further.
            let own = extras?.tintColor
            let tint = own ?? storedSuperview?.tintColor ?? .systemBlue
            let dims = switch extras?.tintAdjustmentMode ?? .automatic {
            case .dimmed: true
            case .normal: false
            case .automatic: own != nil && storedSuperview?.tintAdjustmentMode == .dimmed
            }
            return dims ? Color.systemGray.withAlphaComponent(tint.alpha) : tint
        }
        set {
            guard onLoop("tintColor") else { return }
            makeExtras().tintColor = newValue
            tintColorDidChange()
        }
    }
    /// Called when ``tintColor`` changes.
    open func tintColorDidChange() {}
    /// Called when the safe area insets change (at layout).
    open func safeAreaInsetsDidChange() {}
    /// Called when the layout margins change.
    open func layoutMarginsDidChange() {}
    /// Called when the trait collection changes: a rotation or a size class change.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    /// Whether a point, in the view's coordinates, is inside it.
    open func point(inside point: Point, with event: Event?) -> Bool { bounds.contains(point) }
    /// The deepest visible, interactive descendant containing `point` (in the view's
    /// coordinates): what a tap there reaches.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.pointFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    // Touches (L35): delivered after the recognizers of the hit view and its superviews saw
    // them. The default passes them to the next responder (superview, controller, window).
    /// A finger went down on the view; by default the next responder gets it.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { forwardTouches(.began, touches, event) }
    /// Fingers of the view's touches moved; by default the next responder gets them.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { forwardTouches(.moved, touches, event) }
    /// Fingers of the view's touches lifted; by default the next responder gets them.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { forwardTouches(.ended, touches, event) }
    /// The view's touches were cancelled (a recognizer took them); by default the next
    /// responder gets them.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { forwardTouches(.cancelled, touches, event) }
    /// Whether `gestureRecognizer`, attached to this view or a superview, may leave
    /// `possible`; true by default.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    // MARK: Runtime support

    /// Hook for windows: the hidden state changed.
    func hiddenDidChange() {}

    /// Hook for windows: the size is about to change through `frame`.
    func sizeWillChange(to size: Size) {}

    /// Records a callback in the trace at the app's loop time.
    @inline(__always)
    func trace(_ event: String, detail: String = "") {
        // The link and the window are read unretained: the view keeps its link while it
        // records, and only the window's label is read.
        guard let loop = appLink?.tracingLoop else { return }
        // The strings are read where they are kept, without a copy.
        loop._withUnsafeGuaranteedRef { loop in
            withUnsafeMutablePointer(to: &storedLabel) { label in
                withUnsafePointer(to: detail) { detail in
                    guard let window = storedWindowRef else {
                        withUnsafePointer(to: "") { none in
                            loop.record(labelAt: label, event: event, detailAt: detail, windowAt: none)
                        }
                        return
                    }
                    // A window's own events: its label is both (one access, not two at once).
                    if window.toOpaque() == Unmanaged.passUnretained(self).toOpaque() {
                        return loop.record(labelAt: label, event: event, detailAt: detail, windowAt: label)
                    }
                    window._withUnsafeGuaranteedRef { window in
                        withUnsafeMutablePointer(to: &window.storedLabel) {
                            loop.record(labelAt: label, event: event, detailAt: detail, windowAt: $0)
                        }
                    }
                }
            }
        }
    }

    /// Whether the call may proceed: true on the app's loop thread (or with no app);
    /// otherwise records `offLoopAccess` and returns false.
    @inline(__always)
    func onLoop(_ operation: StaticString) -> Bool {
        if loopThread == 0 || loopThread == pthread_self() { return true }
        return app?.checkLoopThread(label: traceLabel, operation: operation) ?? true
    }
}
