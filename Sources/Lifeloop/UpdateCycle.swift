/// What a view still needs from the update cycle. The subtree bits say that some
/// descendant needs it, so a pass walks only toward marked views: its cost follows the
/// marked views (and their ancestors' fan-out), not the size of the tree.
struct UpdateFlags: OptionSet {
    let rawValue: UInt8

    static let needsLayout = UpdateFlags(rawValue: 1 << 0)
    static let subtreeNeedsLayout = UpdateFlags(rawValue: 1 << 1)
    static let needsDisplay = UpdateFlags(rawValue: 1 << 2)
    static let subtreeNeedsDisplay = UpdateFlags(rawValue: 1 << 3)

    /// The view's controller waits for `viewIsAppearing` in this commit (L05).
    static let awaitsIsAppearing = UpdateFlags(rawValue: 1 << 4)
    /// A subview's controller waits for `viewIsAppearing`: it comes right after this
    /// view's `layoutSubviews`.
    static let subviewAwaitsIsAppearing = UpdateFlags(rawValue: 1 << 5)
    /// The view's `layoutSubviews` is running: its subviews' size changes do not mark it
    /// again, or a layout that sizes subviews in two steps (a zero height, then
    /// `sizeToFit()`) would lay out forever; UIKit's does not.
    static let inLayoutSubviews = UpdateFlags(rawValue: 1 << 6)
    /// The view ran `updateConstraints` and was not marked again since (L33). Views start
    /// without it, as UIKit's start needing a constraints update.
    static let constraintsUpdated = UpdateFlags(rawValue: 1 << 7)

    static let layout: UpdateFlags = [.needsLayout, .subtreeNeedsLayout]
    static let display: UpdateFlags = [.needsDisplay, .subtreeNeedsDisplay]
}

extension View {
    /// Marks the view for layout at the end of the turn (L09). Calls coalesce: a thousand
    /// in one turn give one `layoutSubviews`.
    func markNeedsLayout() {
        guard onLoop("setNeedsLayout()") else { return }
        guard !flags.contains(.needsLayout) else { return }
        flags.insert(.needsLayout)
        markAncestors(.subtreeNeedsLayout)
    }

    /// Marks the whole view for drawing at the end of the turn.
    func markNeedsDisplay() {
        guard onLoop("setNeedsDisplay()") else { return }
        guard !flags.contains(.needsDisplay) else { return }
        flags.insert(.needsDisplay)
        markAncestors(.subtreeNeedsDisplay)
    }

    /// Marks part of the view for drawing; Lifeloop redraws the whole view.
    func markNeedsDisplay(_ rect: Rect) {
        guard onLoop("setNeedsDisplay(_:)") else { return }
        markNeedsDisplay()
    }

    /// Whether the view is marked for layout.
    public var needsLayout: Bool { flags.contains(.needsLayout) }

    /// Lays out the marked part of this view's subtree now; with nothing marked, it makes
    /// no callback at all (L09).
    func performLayoutIfNeeded() {
        guard onLoop("layoutIfNeeded()") else { return }
        runLayoutPass()
    }

    private func markAncestors(_ bit: UpdateFlags) {
        var current = storedSuperview
        while let view = current, !view.flags.contains(bit) {
            view.flags.insert(bit)
            current = view.storedSuperview
        }
        app?.requestCommit()
    }

    /// After a subtree joins a parent, its pending marks become the new ancestors' too.
    func propagateFlagsUp() {
        if !flags.isDisjoint(with: .layout) { markAncestors(.subtreeNeedsLayout) }
        if !flags.isDisjoint(with: .display) { markAncestors(.subtreeNeedsDisplay) }
    }

    /// A pass over this subtree that a probe watches; the probe hears of it only when
    /// something in the subtree is marked for it.
    func runProbedPass(_ pass: UpdatePass, _ probe: RuntimeProbe) {
        guard let window = self as? Window else { return }
        switch pass {
        case .layout:
            window.layoutEngine?.runConstraintsPhase()
            guard !flags.isDisjoint(with: .layout) else { return }
            probe.passWillRun(.layout, in: window)
            runLayoutPass()
        case .display:
            guard !flags.isDisjoint(with: .display) else { return }
            probe.passWillRun(.display, in: window)
            runDisplayPass()
        }
        probe.passDidRun(pass, in: window)
    }

    /// The layout pass over this subtree (L07): parent before children, siblings visited
    /// last-added first; a controller's will/did-layout wrap its root view's own layout.
    func runLayoutPass() {
        // The constraints phase comes first (L33); it may mark views for layout.
        storedWindow?.layoutEngine?.runConstraintsPhase()
        guard !flags.isDisjoint(with: .layout) else { return }
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.flags.contains(.needsLayout) { view.performLayout() }
            if view.flags.contains(.subtreeNeedsLayout) {
                view.flags.remove(.subtreeNeedsLayout)
                // Pushed in subview order, so the last-added sibling is popped first.
                for subview in view.subviews where !subview.flags.isDisjoint(with: .layout) {
                    stack.append(subview)
                }
            }
        }
    }

    /// The display pass over this subtree (L08): same traversal, `drawRect` for each
    /// marked view that is not hidden.
    func runDisplayPass() {
        guard !flags.isDisjoint(with: .display) else { return }
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.flags.contains(.needsDisplay) {
                view.flags.remove(.needsDisplay)
                if !view.isHidden {
                    view.trace("drawRect")
                    let bounds = view.bounds
                    GraphicsContextStack.beginViewDrawing(bounds: bounds)
                    view.draw(bounds)
                    let drawn = GraphicsContextStack.endViewDrawing()
                    if drawn != nil || view.extras?.drawing != nil { view.makeExtras().drawing = drawn }
                }
            }
            if view.flags.contains(.subtreeNeedsDisplay) {
                view.flags.remove(.subtreeNeedsDisplay)
                for subview in view.subviews where !subview.flags.isDisjoint(with: .display) {
                    stack.append(subview)
                }
            }
        }
    }

    /// One view's layout step: the owning controller's `viewWillLayoutSubviews`, the
    /// autoresizing of the subviews against this view's current size, `layoutSubviews`,
    /// then `viewDidLayoutSubviews` (L07, L10).
    private func performLayout() {
        flags.remove(.needsLayout)
        let controller = owningController.flatMap { $0.viewIfLoaded === self ? $0 : nil }
        // Its superview did not lay out: viewIsAppearing still comes before this layout.
        if flags.contains(.awaitsIsAppearing) { controller?.deliverAwaitedIsAppearing() }
        // An appearing controller's root view has its constraints turn now, after
        // viewIsAppearing and before viewWillLayoutSubviews (L33).
        let engine = storedWindow?.layoutEngine
        if engine != nil, controller != nil, !flags.contains(.constraintsUpdated) { runUpdateConstraints() }
        controller?.deliver("viewWillLayoutSubviews") { $0.viewWillLayoutSubviews() }
        if autoresizesSubviews {
            let size = bounds.size
            for subview in subviews {
                guard let design = subview.designParentSize, design != size else { continue }
                if subview.autoresizingMask.isEmpty {
                    subview.designParentSize = size
                } else {
                    subview.setAutoresizedFrame(subview.frame.autoresized(with: subview.autoresizingMask, from: design, to: size),
                                                parentSize: size)
                }
            }
        }
        flags.insert(.inLayoutSubviews)
        if let engine, autoLayoutStateIfMade?.participating == true {
            // The default layoutSubviews: the solved frames of the subviews (L33).
            engine.solve(markingExcept: self)
            engine.applyFrames(toSubviewsOf: self)
        }
        trace("layoutSubviews")
        runBuiltInLayout()
        // A navigation controller's view places the top controller's search bar and the toolbar.
        if let navigation = controller as? NavigationController { navigation.layoutNavigationBars() }
        layoutSubviews()
        flags.remove(.inLayoutSubviews)
        if flags.contains(.subviewAwaitsIsAppearing) { deliverSubviewsIsAppearing() }
        controller?.deliver("viewDidLayoutSubviews") { $0.viewDidLayoutSubviews() }
    }

    /// Marks this root view's controller, and its superview, for `viewIsAppearing` in the
    /// coming layout pass.
    func markAwaitingIsAppearing() {
        flags.insert(.awaitsIsAppearing)
        storedSuperview?.flags.insert(.subviewAwaitsIsAppearing)
    }

    /// `viewIsAppearing` for the controllers of the subviews that wait for it, in subview
    /// order, right after this view laid them out (L05).
    private func deliverSubviewsIsAppearing() {
        flags.remove(.subviewAwaitsIsAppearing)
        for subview in subviews where subview.flags.contains(.awaitsIsAppearing) {
            if let controller = subview.owningController, controller.viewIfLoaded === subview {
                controller.deliverAwaitedIsAppearing()
            } else {
                subview.flags.remove(.awaitsIsAppearing)
            }
        }
    }
}
