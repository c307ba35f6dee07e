extension View {
    func makeExtras() -> ViewExtras {
        if let extras { return extras }
        let made = ViewExtras()
        extras = made
        return made
    }

    /// The view's affine transform about its center; animatable. Snapshots draw it.
    public var transform: CGAffineTransform {
        get { extras?.transform ?? .identity }
        set {
            guard onLoop("transform") else { return }
            willChange(.transform, from: .transform(transform))
            makeExtras().transform = newValue
        }
    }

    /// Whether taps reach the view and its subviews (a hit test skips it when false).
    public var isUserInteractionEnabled: Bool {
        get { extras?.isUserInteractionEnabled ?? defaultUserInteraction }
        set { if onLoop("isUserInteractionEnabled") { makeExtras().isUserInteractionEnabled = newValue } }
    }

    /// Whether subviews are clipped to the bounds (snapshots clip them).
    public var clipsToBounds: Bool {
        get { extras?.clipsToBounds ?? false }
        set { if onLoop("clipsToBounds") { makeExtras().clipsToBounds = newValue } }
    }

    /// How the content fits the bounds.
    public var contentMode: ContentMode {
        get { extras?.contentMode ?? .scaleToFill }
        set { if onLoop("contentMode") { makeExtras().contentMode = newValue } }
    }

    /// The view's layer, made on first use, of the class ``View/layerClass`` names: the
    /// view seen as a layer (its frame, bounds, alpha, isHidden, backgroundColor,
    /// clipsToBounds and transform are the layer's).
    public var layer: Layer {
        let extras = makeExtras()
        if let layer = extras.layer { return layer }
        let made = ((type(of: self).layerClass as? Layer.Type) ?? Layer.self).init()
        made.owningView = self
        extras.layer = made
        return made
    }

    /// What the view's last `draw(_:)` drew (its display list), in its own coordinates;
    /// nil if it drew nothing. Snapshots render it.
    public var displayList: [DrawCommand]? { extras?.drawing }

    /// The layer if it was ever used (reading it does not make one).
    public var layerIfMade: Layer? { extras?.layer }

    /// Whether the view is opaque (data only).
    public var isOpaque: Bool {
        get { extras?.isOpaque ?? true }
        set { if onLoop("isOpaque") { makeExtras().isOpaque = newValue } }
    }

    /// Whether the view takes several touches at once (data only).
    public var isMultipleTouchEnabled: Bool {
        get { extras?.isMultipleTouchEnabled ?? false }
        set { if onLoop("isMultipleTouchEnabled") { makeExtras().isMultipleTouchEnabled = newValue } }
    }

    /// Whether the view takes touches alone (data only).
    public var isExclusiveTouch: Bool {
        get { extras?.isExclusiveTouch ?? false }
        set { if onLoop("isExclusiveTouch") { makeExtras().isExclusiveTouch = newValue } }
    }

    /// The identifier tests find the view by; the daemon's `tap` accepts it too.
    public var accessibilityIdentifier: String? {
        get { extras?.accessibilityIdentifier }
        set { if onLoop("accessibilityIdentifier") { makeExtras().accessibilityIdentifier = newValue } }
    }

    /// The view's accessibility label.
    public var accessibilityLabel: String? {
        get { extras?.accessibilityLabel }
        set { if onLoop("accessibilityLabel") { makeExtras().accessibilityLabel = newValue } }
    }

    /// The margins for laying out content (8 points by default).
    public var layoutMargins: EdgeInsets {
        get { extras?.layoutMargins ?? EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
        set {
            guard onLoop("layoutMargins") else { return }
            makeExtras().layoutMargins = newValue
            layoutMarginsDidChange()
        }
    }

    /// The part of the view the window's status bar and home indicator, the bars of its
    /// controllers' containers and their `additionalSafeAreaInsets` do not cover: the
    /// safe area, as insets from each edge of the bounds.
    public var safeAreaInsets: EdgeInsets {
        guard let window = storedWindow else { return .zero }
        let safe = window.bounds.inset(by: safeAreaInsetsInWindow(window))
        let mine = convert(bounds, to: window)
        return EdgeInsets(top: max(0, min(mine.height, safe.minY - mine.minY)),
                          left: max(0, min(mine.width, safe.minX - mine.minX)),
                          bottom: max(0, min(mine.height, mine.maxY - safe.maxY)),
                          right: max(0, min(mine.width, mine.maxX - safe.maxX)))
    }

    /// The safe area's layout guide frame, in the view's coordinates.
    public var safeAreaLayoutFrame: Rect { bounds.inset(by: safeAreaInsets) }

    /// The window's insets plus those of the controllers this view is inside.
    private func safeAreaInsetsInWindow(_ window: Window) -> EdgeInsets {
        var insets = window.screenSafeAreaInsets
        var view: View? = self
        while let current = view {
            if current.hostsController, let controller = current.owningController {
                let extra = controller.safeAreaContribution
                insets.top = max(insets.top, window.screenSafeAreaInsets.top) + extra.top
                insets.left += extra.left
                insets.bottom += extra.bottom
                insets.right += extra.right
            }
            view = current.storedSuperview
        }
        return insets
    }

    /// Converts a point from this view's coordinates to `view`'s (the window's if nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = pointInWindow(point)
        guard let view else { return inWindow }
        let origin = view.pointInWindow(.zero)
        return Point(x: inWindow.x - origin.x, y: inWindow.y - origin.y)
    }

    /// Converts a point from `view`'s coordinates (the window's if nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view?.pointInWindow(point) ?? point
        let origin = pointInWindow(.zero)
        return Point(x: inWindow.x - origin.x, y: inWindow.y - origin.y)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from `view`'s coordinates to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// A point in this view's bounds, in its window's (or its root's) coordinates.
    private func pointInWindow(_ point: Point) -> Point {
        var result = point
        var view: View? = self
        while let current = view, !(current is Window) {
            result.x += current.frame.minX - current.bounds.minX
            result.y += current.frame.minY - current.bounds.minY
            view = current.storedSuperview
        }
        return result
    }

    /// Taps reach plain views; labels and image views turn it off, as in UIKit.
    var defaultUserInteraction: Bool { !(self is Label || self is ImageView) }
}
