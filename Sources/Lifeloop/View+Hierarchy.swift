extension View {
    /// Adds a view on top of the subviews. If it has another superview it leaves that one
    /// first. Marks this view for layout.
    ///
    /// Off-window: `child willMoveToSuperview`, `child didMoveToSuperview`,
    /// `parent didAddSubview` (L04). Into a window (L04w, L06): the subtree's
    /// `willMoveToWindow` (pre-order), `child willMoveToSuperview`, the subtree's
    /// `didMoveToWindow` (post-order), `child didMoveToSuperview`, `parent didAddSubview`.
    func performAddSubview(_ view: View) {
        guard onLoop("addSubview(_:)") else { return }
        insert(view, at: subviews.count)
    }

    /// Inserts a view among the subviews at `index` (clamped to the valid range).
    func performInsertSubview(_ view: View, at index: Int) {
        guard onLoop("insertSubview(_:at:)") else { return }
        insert(view, at: index)
    }

    /// Both insertions, once the thread is checked.
    private func insert(_ view: View, at index: Int) {
        if isDescendant(of: view) {
            app?.diagnose(.invalidHierarchy, label: traceLabel,
                          message: "can't add \(view.traceLabel) to \(traceLabel): it would contain itself")
            return
        }
        if view.storedSuperview === self {
            // Already ours: only the order changes, as UIKit's bring-to-front does.
            subviews.removeAll { $0 === view }
            subviews.insert(view, at: min(max(0, index), subviews.count))
            setNeedsLayout()
            return
        }
        if let oldParent = view.storedSuperview {
            oldParent.detach(view, newSuperview: self)
        }
        if view.app == nil, let app { view.adopt(app) }
        // Into a window, the window move is announced first and adding mirrors removal
        // (L04w): willMoveToWindow, willMoveToSuperview, didMoveToWindow, didMoveToSuperview.
        let newWindow = storedWindow
        let movesWindow = view.storedWindow !== newWindow
        if movesWindow { view.announceWindowMove(to: newWindow) }
        view.trace("willMoveToSuperview")
        view.willMove(toSuperview: self)
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.storedSuperview = self
        view.designParentSize = bounds.size
        if movesWindow { view.completeWindowMove(to: newWindow) }
        view.trace("didMoveToSuperview")
        view.didMoveToSuperview()
        trace("didAddSubview", detail: view.traceLabel)
        didAddSubview(view)
        view.propagateFlagsUp()
        setNeedsLayout()
        storedWindow?.layoutEngine?.hierarchyChanged()
    }

    /// Removes the view from its superview (L13): `parent willRemoveSubview`,
    /// `willMoveToSuperview`, in a window the subtree's window moves,
    /// `didMoveToSuperview`, `removeFromSuperview`. The superview is marked for layout.
    /// The subviews stay: they leave the window, not this view.
    func performRemoveFromSuperview() {
        guard onLoop("removeFromSuperview()") else { return }
        guard let parent = storedSuperview else { return }
        parent.detach(self, newSuperview: nil)
    }

    /// Takes `child` out of this view, with the callbacks of a removal; `newSuperview` is
    /// where it is going (nil for a plain removal).
    func detach(_ child: View, newSuperview: View?) {
        if app?.autoLayoutInUse == true { dropConstraintsCrossing(into: child) }
        storedWindow?.layoutEngine?.hierarchyChanged()
        trace("willRemoveSubview", detail: child.traceLabel)
        willRemoveSubview(child)
        if newSuperview == nil {
            child.trace("willMoveToSuperview")
            child.willMove(toSuperview: nil)
        }
        let movesWindow = newSuperview == nil && child.storedWindow != nil
        if movesWindow { child.announceWindowMove(to: nil) }
        subviews.removeAll { $0 === child }
        child.storedSuperview = nil
        if movesWindow { child.completeWindowMove(to: nil) }
        if newSuperview == nil {
            child.trace("didMoveToSuperview")
            child.didMoveToSuperview()
            child.trace("removeFromSuperview")
        }
        setNeedsLayout()
    }

    /// `willMoveToWindow` over the subtree, pre-order, children in subview order (L06). A
    /// controller whose root view enters or leaves a shown window outside the runtime's
    /// transitions begins to appear or disappear just before its view's callback (L25).
    func announceWindowMove(to window: Window?) {
        // A first responder leaving its window stops being one, without being asked: a
        // field's editing ends (L38), and the keyboard hides.
        if let old = storedWindow, old !== window, let responder = old.firstResponder, responder.isDescendant(of: self) {
            responder.endEditingNow()
        }
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.hostsController, let controller = view.owningController, controller.viewIfLoaded === view {
                controller.viewWillMove(toWindow: window)
            }
            view.trace("willMoveToWindow")
            view.willMove(toWindow: window)
            stack.append(contentsOf: view.subviews.reversed())
        }
    }

    /// Sets the subtree's window, then `didMoveToWindow` post-order (L06). Animations in a
    /// subtree that leaves its window stop, and their completions get `false`.
    func completeWindowMove(to window: Window?) {
        if window == nil, let app, !app.runningAnimations.isEmpty { app.cancelAnimations(inSubtreeOf: self) }
        var stack: [View] = [self]
        while let view = stack.popLast() {
            view.storedWindow = window
            stack.append(contentsOf: view.subviews)
        }
        // Post-order, children in subview order: each view after all of its subviews.
        var order: [View] = []
        var pending: [(View, Bool)] = [(self, false)]
        while let (view, expanded) = pending.popLast() {
            if expanded {
                order.append(view)
            } else {
                pending.append((view, true))
                for subview in view.subviews.reversed() { pending.append((subview, false)) }
            }
        }
        if let window, window.layoutEngine == nil,
           order.contains(where: { type(of: $0).requiresConstraintBasedLayout || $0.autoLayoutStateIfMade?.installed.isEmpty == false }) {
            _ = window.engageLayoutEngine()
        }
        window?.layoutEngine?.hierarchyChanged()
        for view in order {
            view.trace("didMoveToWindow")
            view.runtimeDidMoveToWindow()
            view.didMoveToWindow()
            if view.hostsController, let controller = view.owningController, controller.viewIfLoaded === view {
                controller.viewDidMoveWindow()
            }
        }
    }

    /// Gives a subtree made before any app existed on this thread the app it joins.
    func adopt(_ app: Application) {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.app == nil {
                view.app = app
                view.loopThread = app.loopThread
                view.storedLabel = app.nextLabel(for: type(of: view))
            }
            stack.append(contentsOf: view.subviews)
        }
    }

    /// Takes a controller's view tree apart after its `dealloc` (L12): top-down, level by
    /// level, each level in subview order; each view gets `willMoveToSuperview`,
    /// `didMoveToSuperview` and `removeFromSuperview`, its parent `willRemoveSubview`.
    func dismantleSubtree() {
        // Removed views stay alive until the end, as in UIKit, where each view's own
        // dealloc takes its subviews off.
        var removed: [View] = []
        if app?.autoLayoutInUse == true { dropConstraintsIntoSubtree() }
        var level: [View] = subviews
        while !level.isEmpty {
            var next: [View] = []
            for view in level {
                next.append(contentsOf: view.subviews)
                view.storedSuperview?.detach(view, newSuperview: nil)
            }
            removed.append(contentsOf: level)
            level = next
        }
        withExtendedLifetime(removed) {}
    }

    /// What the removals of a dismantle drop, in one pass before them: each constraint,
    /// on a view of the tree or above it, that relates a view below the view that holds it
    /// and below this one. Removal by removal, each would scan its ancestors' constraints
    /// again: quadratic for a screen of many views held by its root.
    private func dropConstraintsIntoSubtree() {
        var below = Set<ObjectIdentifier>()
        var holders: [View] = []
        var stack: [View] = subviews
        while let view = stack.popLast() {
            below.insert(ObjectIdentifier(view))
            holders.append(view)
            stack.append(contentsOf: view.subviews)
        }
        var ancestor: View? = self
        while let view = ancestor { holders.append(view); ancestor = view.storedSuperview }
        for holder in holders {
            func drops(_ view: View?) -> Bool {
                guard let view, view !== holder else { return false }
                return below.contains(ObjectIdentifier(view))
            }
            holder.dropInstalledConstraints { drops($0.firstView) || drops($0.secondView) }
        }
    }
}
