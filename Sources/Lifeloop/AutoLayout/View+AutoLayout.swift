import LifeloopCassowary

/// A view's Auto Layout state, made on first use.
final class ViewAutoLayout {
    var translates = true
    /// Active constraints installed on this view (the closest common ancestor of their views).
    var installed: [LayoutConstraint] = []
    var variables: LayoutVariables?
    var guides: [LayoutGuide] = []
    var safeArea: LayoutGuide?, margins: LayoutGuide?, readable: LayoutGuide?, keyboard: LayoutGuide?
    var systemGuides: [LayoutGuide] { [safeArea, margins, readable, keyboard].compactMap { $0 } }
    var hugging: (LayoutPriority, LayoutPriority) = (.defaultLow, .defaultLow)
    var compression: (LayoutPriority, LayoutPriority) = (.defaultHigh, .defaultHigh)
    /// Whether the window's engine has the view's variables (set by the engine).
    var participating = false
    /// Whether a strict app was told that the view's layout is ambiguous (once per view).
    var reportedAmbiguous = false
    /// Whether the solution may have moved the view's frame since the engine last set it.
    var solvedDirty = true
    /// The frame the engine last set, to see whether anything else set another since.
    var appliedFrame: Rect?
}

/// A layout axis: UIKit's `NSLayoutConstraint.Axis`.
public enum LayoutAxis: Int, Hashable, Sendable {
    /// Along x, or along y.
    case horizontal, vertical
}

/// Margins by leading and trailing rather than left and right: UIKit's
/// `NSDirectionalEdgeInsets` (Lifeloop lays out left to right).
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// The insets from the top, leading, bottom and trailing edges.
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// Insets from each edge.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// No inset on any edge.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

extension View: LayoutItem {
    var autoLayoutStateIfMade: ViewAutoLayout? { extras?.autoLayout }
    var autoLayoutState: ViewAutoLayout {
        let extras = makeExtras()
        if let state = extras.autoLayout { return state }
        let state = ViewAutoLayout()
        extras.autoLayout = state
        return state
    }
    var layoutVariables: LayoutVariables {
        let state = autoLayoutState
        if let variables = state.variables { return variables }
        let variables = LayoutVariables()
        state.variables = variables
        return variables
    }

    // MARK: Constraints

    /// Whether the view's frame and autoresizing mask become constraints (true for views
    /// made in code, false for views from Interface Builder, as UIKit). A view placed by
    /// constraints of its own must set it to false, or they conflict with its frame's.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayoutStateIfMade?.translates ?? true }
        set {
            guard onLoop("translatesAutoresizingMaskIntoConstraints"), newValue != translatesAutoresizingMaskIntoConstraints
            else { return }
            autoLayoutState.translates = newValue
            storedWindow?.layoutEngine?.constraintsChanged()
        }
    }

    /// The active constraints installed on this view.
    public var constraints: [LayoutConstraint] { autoLayoutStateIfMade?.installed ?? [] }

    /// Activates a constraint (UIKit's older `addConstraint(_:)`; it goes on the closest
    /// common ancestor, whichever view it is given to).
    public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }
    /// Activates constraints.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
    /// Deactivates a constraint.
    public func removeConstraint(_ constraint: LayoutConstraint) { constraint.isActive = false }
    /// Deactivates constraints.
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    func install(_ constraint: LayoutConstraint) {
        autoLayoutState.installed.append(constraint)
        constraint.installedOn = self
        app?.autoLayoutInUse = true
        if let window = storedWindow { window.engageLayoutEngine().constraintsChanged() }
    }

    func uninstall(_ constraint: LayoutConstraint) {
        autoLayoutStateIfMade?.installed.removeAll { $0 === constraint }
        constraint.installedOn = nil
        constraint.isBroken = false
        storedWindow?.layoutEngine?.constraintsChanged()
    }

    func closestCommonAncestor(with other: View) -> View? {
        var depthA = 0, depthB = 0
        var a: View? = self, b: View? = other
        while let v = a?.storedSuperview { depthA += 1; a = v }
        while let v = b?.storedSuperview { depthB += 1; b = v }
        guard a === b else { return nil }
        a = self; b = other
        while depthA > depthB { a = a?.storedSuperview; depthA -= 1 }
        while depthB > depthA { b = b?.storedSuperview; depthB -= 1 }
        while let x = a, let y = b, x !== y { a = x.storedSuperview; b = y.storedSuperview }
        return a
    }

    /// Deactivates the constraints that relate views inside `child`'s subtree to views
    /// outside it: UIKit removes them when the subtree leaves its superview.
    func dropConstraintsCrossing(into child: View) {
        // The subtree's views, for a child with subviews; a leaf (the usual case, and every
        // view at the bottom of a tree taken apart) is only itself. One pass over each
        // ancestor's constraints, each checked by identity: taking a 1,000-view screen
        // apart was quadratic with a walk up the tree for each constraint.
        var inside: Set<ObjectIdentifier>?
        if !child.subviews.isEmpty {
            var members = Set<ObjectIdentifier>()
            var stack: [View] = [child]
            while let view = stack.popLast() {
                members.insert(ObjectIdentifier(view))
                stack.append(contentsOf: view.subviews)
            }
            inside = members
        }
        func isInside(_ view: View?) -> Bool {
            guard let view else { return false }
            guard let inside else { return view === child }
            return inside.contains(ObjectIdentifier(view))
        }
        var current: View? = self
        while let view = current {
            view.dropInstalledConstraints { isInside($0.firstView) || isInside($0.secondView) }
            current = view.storedSuperview
        }
    }

    /// Deactivates, in one pass, the constraints installed on this view that `drops`
    /// picks, and tells the window's engine when any went.
    func dropInstalledConstraints(where drops: (LayoutConstraint) -> Bool) {
        guard let state = autoLayoutStateIfMade, !state.installed.isEmpty else { return }
        var dropped = false
        state.installed.removeAll { constraint in
            guard drops(constraint) else { return false }
            constraint.installedOn = nil
            constraint.isBroken = false
            dropped = true
            return true
        }
        if dropped { storedWindow?.layoutEngine?.constraintsChanged() }
    }

    // MARK: Anchors

    /// The first line's baseline (a label's: its top plus the font's ascender; other views':
    /// the bottom edge).
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// The last line's baseline (a label's: its bottom less the font's descender; other
    /// views': the bottom edge).
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }

    // MARK: Guides

    /// Adds a layout guide to the view.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard onLoop("addLayoutGuide(_:)") else { return }
        guide.owningView = self
        autoLayoutState.guides.append(guide)
    }
    /// Removes a layout guide (and the constraints on it).
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard onLoop("removeLayoutGuide(_:)"), let state = autoLayoutStateIfMade else { return }
        state.guides.removeAll { $0 === guide }
        var current: View? = self
        while let view = current {
            for constraint in view.constraints where constraint.firstItem === guide || constraint.secondItem === guide {
                view.uninstall(constraint)
            }
            current = view.storedSuperview
        }
        guide.owningView = nil
    }
    /// The guides added to the view.
    public var layoutGuides: [LayoutGuide] { autoLayoutStateIfMade?.guides ?? [] }

    private func systemGuide(_ kind: LayoutGuide.Kind, _ name: String, _ path: ReferenceWritableKeyPath<ViewAutoLayout, LayoutGuide?>,
                             make: () -> LayoutGuide = { LayoutGuide() }) -> LayoutGuide {
        let state = autoLayoutState
        if let guide = state[keyPath: path] { return guide }
        let guide = make()
        guide.identifier = name
        guide.kind = kind
        guide.owningView = self
        state[keyPath: path] = guide
        storedWindow?.layoutEngine?.constraintsChanged()
        return guide
    }

    /// The part of the view its safe area covers (``safeAreaInsets`` from each edge).
    public var safeAreaLayoutGuide: LayoutGuide { systemGuide(.safeArea, "UIViewSafeAreaLayoutGuide", \.safeArea) }
    /// The view's bounds less its ``layoutMargins``.
    public var layoutMarginsGuide: LayoutGuide { systemGuide(.margins, "UIViewLayoutMarginsGuide", \.margins) }
    /// A column of readable width (at most 672 points, centered in the margins).
    public var readableContentGuide: LayoutGuide { systemGuide(.readableContent, "UIViewReadableContentGuide", \.readable) }

    /// UIKit's `keyboardLayoutGuide` (iOS 15): the part of the view the keyboard covers,
    /// from its top edge to the view's bottom; while the keyboard is hidden, the bottom
    /// safe area (see ``KeyboardLayoutGuide/usesBottomSafeArea``). Constraints to it move
    /// with the keyboard, inside its animation.
    public var keyboardLayoutGuide: KeyboardLayoutGuide {
        systemGuide(.keyboard, "UIKeyboardLayoutGuide", \.keyboard) { KeyboardLayoutGuide() } as! KeyboardLayoutGuide
    }

    func guideInsets(_ kind: LayoutGuide.Kind) -> EdgeInsets {
        switch kind {
        case .user: return .zero
        case .keyboard:
            let usesSafeArea = (autoLayoutStateIfMade?.keyboard as? KeyboardLayoutGuide)?.usesBottomSafeArea ?? true
            var top = usesSafeArea ? bounds.height - safeAreaInsets.bottom : bounds.height
            if let window = storedWindow, let keyboard = window.keyboardFrameInWindow {
                top = min(top, convert(Point(x: 0, y: keyboard.minY), from: window).y - bounds.minY)
            }
            return EdgeInsets(top: max(0, min(bounds.height, top)), left: 0, bottom: 0, right: 0)
        case .safeArea: return safeAreaInsets
        case .margins: return layoutMargins
        case .readableContent:
            var insets = layoutMargins
            let width = bounds.width - insets.left - insets.right
            if width > 672 {
                insets.left += (width - 672) / 2
                insets.right += (width - 672) / 2
            }
            return insets
        }
    }

    /// The margins by leading and trailing edge (``layoutMargins`` under another name:
    /// Lifeloop lays out left to right).
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return DirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set { layoutMargins = EdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }

    // MARK: Content priorities

    /// How much the view resists growing past its intrinsic size on `axis` (250 by default).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        let pair = autoLayoutStateIfMade?.hugging ?? (.defaultLow, .defaultLow)
        return axis == .horizontal ? pair.0 : pair.1
    }
    /// Sets the hugging priority for `axis`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard onLoop("setContentHuggingPriority(_:for:)") else { return }
        if axis == .horizontal { autoLayoutState.hugging.0 = priority } else { autoLayoutState.hugging.1 = priority }
        intrinsicContentSizeDidChange()
    }
    /// How much the view resists shrinking below its intrinsic size on `axis` (750 by default).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        let pair = autoLayoutStateIfMade?.compression ?? (.defaultHigh, .defaultHigh)
        return axis == .horizontal ? pair.0 : pair.1
    }
    /// Sets the compression resistance priority for `axis`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard onLoop("setContentCompressionResistancePriority(_:for:)") else { return }
        if axis == .horizontal { autoLayoutState.compression.0 = priority } else { autoLayoutState.compression.1 = priority }
        intrinsicContentSizeDidChange()
    }

    func intrinsicContentSizeDidChange() {
        guard let state = autoLayoutStateIfMade, state.participating, let engine = storedWindow?.layoutEngine else { return }
        engine.viewChanged(self)
    }

    /// A frame change of a view whose frame is a constraint (it translates its mask).
    @inline(__always)
    func frameDidChangeForAutoLayout() {
        guard let state = extras?.autoLayout, state.participating, state.translates,
              let engine = storedWindow?.layoutEngine else { return }
        engine.viewChanged(self)
    }

    // MARK: The constraints phase

    /// Marks the view for `updateConstraints` in the next pass (L33).
    public func setNeedsUpdateConstraints() {
        guard onLoop("setNeedsUpdateConstraints()") else { return }
        flags.remove(.constraintsUpdated)
        storedWindow?.layoutEngine?.needsUpdateConstraints()
    }

    /// Whether the view waits for `updateConstraints`.
    public func needsUpdateConstraints() -> Bool { !flags.contains(.constraintsUpdated) }

    /// Runs the constraints phase of the view's window now, if anything waits for it.
    public func updateConstraintsIfNeeded() {
        guard onLoop("updateConstraintsIfNeeded()") else { return }
        storedWindow?.layoutEngine?.runConstraintsPhase()
    }

    /// This view's turn in the constraints phase: `updateViewConstraints` for a
    /// controller's root view, `updateConstraints` for the others.
    func runUpdateConstraints() {
        flags.insert(.constraintsUpdated)
        if hostsController, let controller = owningController, controller.viewIfLoaded === self {
            controller.deliver("updateViewConstraints") { $0.updateViewConstraints() }
        } else {
            trace("updateConstraints")
            updateConstraints()
        }
    }

    // MARK: Sizes

    /// The smallest size UIKit's fitting asks for (0 × 0).
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The largest size UIKit's fitting asks for.
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)

    /// The size the view's constraints give it closest to `targetSize` (fitting priority 50
    /// on both axes).
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints (those inside its subtree and its content size)
    /// give it closest to `targetSize`, each dimension pulled there at its priority.
    public func systemLayoutSizeFitting(_ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority,
                                        verticalFittingPriority vertical: LayoutPriority) -> Size {
        guard onLoop("systemLayoutSizeFitting(_:)") else { return bounds.size }
        let engine = LayoutEngine(root: self, fitting: (targetSize, horizontal, vertical))
        engine.solve(markingExcept: nil)
        let variables = layoutVariables
        return Size(width: engine.value(variables.width), height: engine.value(variables.height))
    }

    /// Whether the view's frame is not fully determined by its constraints.
    public var hasAmbiguousLayout: Bool {
        guard let engine = storedWindow?.layoutEngine else { return false }
        engine.runConstraintsPhase()
        return engine.isAmbiguous(self)
    }

    /// UIKit moves an ambiguous view to another solution; Lifeloop keeps its one solution.
    public func exerciseAmbiguityInLayout() {}

    /// The constraints that affect the view's position or size on `axis`.
    public func constraintsAffectingLayout(for axis: LayoutAxis) -> [LayoutConstraint] {
        var result: [LayoutConstraint] = []
        var current: View? = self
        while let view = current {
            result += view.constraints.filter { ($0.firstItem === self || $0.secondItem === self)
                && $0.firstAttribute.isHorizontal == (axis == .horizontal) }
            current = view.storedSuperview
        }
        return result
    }
}

extension Window {
    /// The window's engine, made when the first constraint or constraint-based view joins.
    func engageLayoutEngine() -> LayoutEngine {
        if let engine = layoutEngine { return engine }
        let engine = LayoutEngine(root: self)
        layoutEngine = engine
        app?.autoLayoutInUse = true
        app?.requestCommit()
        return engine
    }
}
