/// What the element tree's builder knows of a view class, found once per class.
struct ClassInfo {
    var kind: ViewKind
    /// The class's name, as the app names it.
    var name: String
    /// Whether the class takes touches as `View` does (its `hitTest(_:with:)` and
    /// `point(inside:with:)` are `View`'s): Lifeloop's own classes but the one that
    /// overrides them. An app's class may override either, so it is asked by its own.
    var hitsAsView: Bool

    init(_ view: View) {
        let type = Swift.type(of: view)
        kind = ViewKind(view)
        name = String(describing: type)
        hitsAsView = String(reflecting: type).hasPrefix("Lifeloop.") && type != _UICollectionViewOrthogonalScrollerEmbeddedScrollView.self
    }
}

/// The builder's classes: a dictionary by class, and the last class asked for (siblings
/// are mostly of one class).
struct ViewClasses {
    private var known: [ObjectIdentifier: ClassInfo] = [:]
    private var lastKey: ObjectIdentifier?
    private var last: ClassInfo?

    mutating func info(of view: View) -> ClassInfo {
        let key = ObjectIdentifier(type(of: view))
        if key == lastKey, let last { return last }
        let info: ClassInfo
        if let found = known[key] {
            info = found
        } else {
            info = ClassInfo(view)
            known[key] = info
        }
        lastKey = key
        last = info
        return info
    }
}

/// Whether a tap at an element's centre reaches its view, answered during the builder's
/// walk without a hit test from the window per element (which walks the siblings before
/// it each time, so a screen of n views costs n² checks).
///
/// The walk keeps, for each parent it is in (from the window down), the child it is in
/// and the subviews that could take a touch before that child (above it: later in
/// `subviews`). `window.hitTest` finds the view or one inside it exactly when, at every
/// level, no subview above the way down takes the point and the view on the way takes
/// touches and holds it. For views of Lifeloop's classes that is arithmetic on their
/// frames and bounds, as `View.hitTest` does it; a view of an app's class is asked by its
/// own `hitTest`, as the window's hit test would ask it. In debug builds every answer is
/// checked against the window's hit test.
struct ElementHitTesting {
    /// A parent being walked, and the child of it being walked.
    private struct Level {
        /// The first of the parent's catchers.
        var start: Int
        /// The first of the parent's catchers above the child.
        var next: Int
        /// The end of the parent's catchers.
        var end: Int
        /// The child has been entered and tests hits as `View` does; false also for a level
        /// reached through an accessibility elements list (not through `subviews`).
        var mapped = false
        /// The child is untransformed: its frame origin and bounds place a point in it.
        var plain = false
        /// The child takes touches (not transparent; the walk skips hidden views).
        var takesTouches = false
        var frameOrigin = Point.zero
        var boundsOrigin = Point.zero
        var box = HitBox.none
        /// Whether it was entered through `subviews` (else an accessibility elements list).
        var reached = true
    }

    /// A subview that may take a touch before the subviews under it.
    private struct Catcher {
        /// Its index in its parent's subviews.
        var position: Int
        /// 0: untransformed, `View`'s hit testing; 1: transformed; 2: the app's own.
        var mode: UInt8
        var frameOrigin: Point
        var boundsOrigin: Point
        var box: HitBox
    }

    private var levels: [Level] = []
    /// The child of each level (for a transformed one's point, and an app's class's hit test).
    private var levelViews: [View] = []
    private var catchers: [Catcher] = []
    private var catcherViews: [View] = []
    /// Levels reached through an accessibility elements list.
    private var unreached = 0
    private var window: Window?
    private var windowHitsAsView = false
    private var windowTakesTouches = false
    private var windowBox = HitBox.none

    init() {
        levels.reserveCapacity(32)
        levelViews.reserveCapacity(32)
        catchers.reserveCapacity(256)
        catcherViews.reserveCapacity(256)
    }

    /// The walk starts in `window`.
    mutating func begin(_ window: Window, classes: inout ViewClasses) {
        self.window = window
        let bounds = window.bounds
        // Element coordinates are the window's own when its bounds start at zero.
        windowHitsAsView = classes.info(of: window).hitsAsView && bounds.origin == .zero
        windowTakesTouches = window.isUserInteractionEnabled && window.alpha > 0.01
        windowBox = HitBox(bounds)
    }

    /// The walk goes into `parent`'s subviews.
    mutating func push(subviewsOf subviews: [View], classes: inout ViewClasses) {
        let start = catchers.count
        for (position, view) in subviews.enumerated() {
            let hitsAsView = classes.info(of: view).hitsAsView
            // A hidden, untouchable or transparent view of Lifeloop's finds nothing.
            if hitsAsView, view.isHidden || !view.isUserInteractionEnabled || !(view.alpha > 0.01) { continue }
            let frame = view.frame, bounds = view.bounds
            let mode: UInt8 = !hitsAsView ? 2 : view.transform.isIdentity ? 0 : 1
            catchers.append(Catcher(position: position, mode: mode, frameOrigin: Point(x: frame.minX, y: frame.minY),
                                    boundsOrigin: bounds.origin, box: HitBox(bounds)))
            catcherViews.append(view)
        }
        levels.append(Level(start: start, next: start, end: catchers.count))
        levelViews.append(window!)
    }

    /// The walk goes into views an accessibility elements list names: below, the window's
    /// hit test answers.
    mutating func pushUnreached() {
        levels.append(Level(start: catchers.count, next: catchers.count, end: catchers.count, reached: false))
        levelViews.append(window!)
        unreached += 1
    }

    /// The walk leaves the last level.
    mutating func pop() {
        let level = levels.removeLast()
        levelViews.removeLast()
        if !level.reached { unreached -= 1 }
        catchers.removeSubrange(level.start...)
        catcherViews.removeSubrange(level.start...)
    }

    /// The walk enters the subview at `position` of the last level's parent.
    mutating func enter(_ view: View, position: Int, hitsAsView: Bool) {
        let last = levels.count - 1
        var level = levels[last]
        while level.next < level.end, catchers[level.next].position <= position { level.next += 1 }
        let frame = view.frame, bounds = view.bounds
        level.mapped = true
        level.plain = hitsAsView && view.transform.isIdentity
        level.takesTouches = hitsAsView ? view.isUserInteractionEnabled && view.alpha > 0.01 : true
        level.frameOrigin = Point(x: frame.minX, y: frame.minY)
        level.boundsOrigin = bounds.origin
        level.box = HitBox(bounds)
        // An app's class: its own hit test answers from here down.
        if !hitsAsView { level.mapped = false }
        levels[last] = level
        levelViews[last] = view
    }

    /// Whether `window.hitTest(point)` (window coordinates) finds `view`, the view just
    /// entered, or a view inside it.
    func hits(_ view: View, at point: Point) -> Bool {
        let answer = hitsFromLevels(view, at: point)
        assert(answer == Self.windowHit(window, finds: view, at: point),
               "the element tree's hittable for \(view.traceLabel) differs from the window's hit test")
        return answer
    }

    private func hitsFromLevels(_ view: View, at point: Point) -> Bool {
        guard windowHitsAsView, unreached == 0 else { return Self.windowHit(window, finds: view, at: point) }
        guard windowTakesTouches, windowBox.contains(point) else { return false }
        var local = point
        for index in levels.indices {
            let level = levels[index]
            var position = level.next
            while position < level.end {
                if takes(position, local) { return false }
                position += 1
            }
            if !level.mapped {
                // A view of the app's class on the way: its hit test decides, as the
                // window's would once it reached it.
                let child = levelViews[index]
                guard let hit = child.hitTest(child.pointFromSuperview(local), with: nil) else { return false }
                return Self.isInside(hit, view)
            }
            local = level.plain
                ? Point(x: local.x - level.frameOrigin.x + level.boundsOrigin.x, y: local.y - level.frameOrigin.y + level.boundsOrigin.y)
                : levelViews[index].pointFromSuperview(local)
            guard level.takesTouches, level.box.contains(local) else { return false }
        }
        return true
    }

    /// Whether the catcher at `index` finds a view at `point` (its parent's coordinates),
    /// with `pointFromSuperview`'s arithmetic.
    private func takes(_ index: Int, _ point: Point) -> Bool {
        let catcher = catchers[index]
        switch catcher.mode {
        case 0:
            return catcher.box.contains(Point(x: point.x - catcher.frameOrigin.x + catcher.boundsOrigin.x,
                                              y: point.y - catcher.frameOrigin.y + catcher.boundsOrigin.y))
        case 1:
            return catcher.box.contains(catcherViews[index].pointFromSuperview(point))
        default:
            let view = catcherViews[index]
            return view.hitTest(view.pointFromSuperview(point), with: nil) != nil
        }
    }

    /// The window's own hit test at `point`: whether the view it finds is `view` or inside it.
    static func windowHit(_ window: Window?, finds view: View, at point: Point) -> Bool {
        guard let window, let hit = window.hitTest(point, with: nil) else { return false }
        return isInside(hit, view)
    }

    private static func isInside(_ hit: View, _ view: View) -> Bool {
        var current = hit
        while true {
            if current === view { return true }
            guard let next = current.superview else { return false }
            current = next
        }
    }
}

/// A rectangle's `contains(_:)` as Foundation's `CGRect` answers it (half-open, nothing
/// in an empty or null rectangle), with its edges read once.
struct HitBox {
    var minX: CGFloat
    var minY: CGFloat
    var maxX: CGFloat
    var maxY: CGFloat
    var holdsPoints: Bool

    static let none = HitBox(minX: 0, minY: 0, maxX: 0, maxY: 0, holdsPoints: false)

    init(minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat, holdsPoints: Bool) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        self.holdsPoints = holdsPoints
    }

    init(_ rect: Rect) {
        self.init(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, holdsPoints: !rect.isNull && !rect.isEmpty)
    }

    func contains(_ point: Point) -> Bool {
        holdsPoints && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
