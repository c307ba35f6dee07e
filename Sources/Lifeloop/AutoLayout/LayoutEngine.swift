import LifeloopCassowary

/// A window's Auto Layout engine (one per window: two apps, or two windows, share
/// nothing). It keeps the constraints installed in the window's tree in a Cassowary
/// solver, with the constraints UIKit adds on its own: autoresizing constraints for views
/// that translate their mask, content size constraints from intrinsic sizes, and the
/// system layout guides' constraints. It runs the constraints phase of each pass (L33).
final class LayoutEngine {
    /// The window (or, for `systemLayoutSizeFitting`, the view being measured).
    unowned(unsafe) let root: View
    let solver = Solver()
    /// For `systemLayoutSizeFitting`: the size asked for and its priorities.
    let fitting: (size: Size, horizontal: LayoutPriority, vertical: LayoutPriority)?

    /// The constraint set or the tree changed: the next solve walks the tree again.
    var structureDirty = true
    /// Some view may need `updateConstraints` (views joined, or one was marked).
    var updatePassNeeded = true
    /// Whether anything changed since the last solve.
    var solveNeeded = true
    private var inPhase = false

    /// User and stack view constraints in the solver, in the order they were added.
    private var userConstraints: [LayoutConstraint] = []
    /// Views with variables in the solver, in pre-order, the root first (it always
    /// takes part).
    var participants: [View] { [root] + others }
    /// The participants other than the root, in pre-order. The root is never held here:
    /// it owns the engine, so holding it would keep a window and everything in it alive
    /// for good.
    private var others: [View] = []
    /// What the engine added for each participant, and the values it added them for.
    private var generated: [ObjectIdentifier: Generated] = [:]
    private var changedConstraints: [LayoutConstraint] = []
    /// Participants other than the root whose generated constraints need a refresh.
    private var changedViews: [View] = []
    /// Whether the root's need a refresh (the root is not held in ``changedViews``).
    private var rootChanged = false
    /// Each participant's four variables' view, made at each synchronization.
    private var variableOwners: [ObjectIdentifier: Unowned<View>] = [:]

    struct Unowned<Object: AnyObject> {
        unowned(unsafe) let value: Object
    }

    final class Generated {
        var translates: [LayoutConstraint] = []
        var translatedFrame: Rect?
        var translatedParent: ObjectIdentifier?
        var contentSize: [LayoutConstraint] = []
        var contentKey: [Double] = []
        var guides: [LayoutConstraint] = []
        var guideKey: [Double] = []
    }

    init(root: View, fitting: (size: Size, horizontal: LayoutPriority, vertical: LayoutPriority)? = nil) {
        self.root = root
        self.fitting = fitting
    }

    var isWindowEngine: Bool { fitting == nil }

    // MARK: Notes from the runtime

    func constraintsChanged() {
        structureDirty = true
        solveNeeded = true
        root.app?.requestCommit()
    }

    func hierarchyChanged() {
        structureDirty = true
        solveNeeded = true
        updatePassNeeded = true
        root.app?.requestCommit()
    }

    func constantChanged(_ constraint: LayoutConstraint) {
        changedConstraints.append(constraint)
        solveNeeded = true
        root.app?.requestCommit()
    }

    /// A participant's frame (if it translates its mask), intrinsic size or insets changed.
    func viewChanged(_ view: View) {
        if view === root { rootChanged = true } else { changedViews.append(view) }
        solveNeeded = true
        root.app?.requestCommit()
    }

    func needsUpdateConstraints() {
        updatePassNeeded = true
        root.app?.requestCommit()
    }

    // MARK: The constraints phase (L33)

    /// `updateConstraints` from the deepest views up (a controller's root view gets
    /// `updateViewConstraints`), then a solve; views whose solved frames differ from their
    /// frames get their superview marked for layout.
    func runConstraintsPhase() {
        guard !inPhase, updatePassNeeded || solveNeeded else { return }
        inPhase = true
        defer { inPhase = false }
        if updatePassNeeded {
            updatePassNeeded = false
            for view in postOrder() where !view.flags.contains(.constraintsUpdated) {
                // An appearing controller's root view takes its turn in its own layout, after
                // viewIsAppearing (L05, L33).
                if view.flags.contains(.awaitsIsAppearing), view.flags.contains(.needsLayout), view.hostsController {
                    continue
                }
                view.runUpdateConstraints()
            }
        }
        solve(markingExcept: nil)
    }

    /// The window's tree, children before parents, siblings in subview order.
    private func postOrder() -> [View] {
        var order: [View] = []
        var pending: [(View, Bool)] = [(root, false)]
        while let (view, expanded) = pending.popLast() {
            if expanded {
                order.append(view)
            } else {
                pending.append((view, true))
                for subview in view.subviews.reversed() { pending.append((subview, false)) }
            }
        }
        return order
    }

    /// Brings the solver up to date and marks for layout the superviews of views whose
    /// solved frames changed (but not `laidOut`, which is applying them now).
    func solve(markingExcept laidOut: View?) {
        guard solveNeeded else { return }
        solveNeeded = false
        let restructured = structureDirty
        if structureDirty {
            structureDirty = false
            synchronize()
        } else {
            let constraints = changedConstraints, views = rootChanged ? [root] + changedViews : changedViews
            changedConstraints.removeAll()
            changedViews.removeAll()
            rootChanged = false
            for constraint in constraints where constraint.engine === self {
                replace(constraint)
            }
            for view in views where generated[ObjectIdentifier(view)] != nil {
                refreshGenerated(for: view)
            }
        }
        guard isWindowEngine else { return }
        // Ambiguity follows the set of constraints: checked when it changed, not on every
        // solve (each check adds and removes probes for every participant).
        if restructured, root.app?.isStrict == true { reportAmbiguousViews() }
        // The views the solution may have moved: after a restructure, all; else those
        // whose variables changed, and their subviews (a frame is relative to its
        // superview's). A relayout after one change then visits what it moved, not the
        // whole window.
        var candidates: [View] = []
        if restructured {
            solver.forEachChangedVariable { _ in }  // what it reports next is from here on
            candidates = others
        } else {
            var moved = Set<ObjectIdentifier>()
            solver.forEachChangedVariable { variable in
                guard let view = variableOwners[ObjectIdentifier(variable)]?.value,
                      moved.insert(ObjectIdentifier(view)).inserted else { return }
                candidates.append(view)
            }
            for view in candidates {  // the changed views only: the loop walks a copy
                for subview in view.subviews where subview.autoLayoutStateIfMade?.participating == true
                    && moved.insert(ObjectIdentifier(subview)).inserted {
                    candidates.append(subview)
                }
            }
        }
        // The root (a window) has no superview to mark.
        for view in candidates where view !== root {
            view.autoLayoutStateIfMade?.solvedDirty = true
            guard !view.translatesAutoresizingMaskIntoConstraints,
                  let superview = view.storedSuperview, superview !== laidOut,
                  !superview.flags.contains(.inLayoutSubviews) else { continue }
            if solvedFrame(of: view) != view.frame { superview.markNeedsLayout() }
        }
    }

    /// Strict mode: an `ambiguousLayout` diagnostic for each view laid out by constraints
    /// whose frame they do not determine, once per view.
    private func reportAmbiguousViews() {
        for view in others where !view.translatesAutoresizingMaskIntoConstraints {
            guard let state = view.autoLayoutStateIfMade, !state.reportedAmbiguous, isAmbiguous(view) else { continue }
            state.reportedAmbiguous = true
            let frame = solvedFrame(of: view)
            root.app?.diagnose(.ambiguousLayout, label: view.traceLabel, message: """
                \(view.traceLabel) has an ambiguous layout: its constraints do not determine its frame \
                (\(frame.plainDescription) is one solution of many); constrain its position and size on both axes
                """)
        }
    }

    /// Walks the tree: the installed constraints, the participants (the views they relate,
    /// their ancestors, and views with guides), then brings the solver in line.
    private func synchronize() {
        changedConstraints.removeAll()
        changedViews.removeAll()
        rootChanged = false
        // The solver keeps every variable it has seen: views that left the window would
        // stay in it for good. When they outnumber the views in it, it starts again.
        if solver.variableCount > 8 * (others.count + 1) + 4_096 { startOver() }
        var constraints: [LayoutConstraint] = []
        var referenced = Set<ObjectIdentifier>()
        var preorder: [View] = []
        var stack: [View] = [root]
        while let view = stack.popLast() {
            preorder.append(view)
            if let state = view.autoLayoutStateIfMade {
                for constraint in state.installed {
                    constraints.append(constraint)
                    if let first = constraint.firstView { referenced.insert(ObjectIdentifier(first)) }
                    if let second = constraint.secondView { referenced.insert(ObjectIdentifier(second)) }
                }
            }
            stack.append(contentsOf: view.subviews.reversed())
        }
        // Ancestors of referenced views take part too: positions are in window coordinates.
        var participating = Set<ObjectIdentifier>([ObjectIdentifier(root)])
        for view in preorder where referenced.contains(ObjectIdentifier(view)) {
            var current: View? = view
            while let candidate = current, participating.insert(ObjectIdentifier(candidate)).inserted {
                current = candidate.storedSuperview
            }
        }
        let newParticipants = preorder.filter { participating.contains(ObjectIdentifier($0)) }
        // Constraints that left: out of the solver first.
        let kept = Set(constraints.map(ObjectIdentifier.init))
        for constraint in userConstraints where !kept.contains(ObjectIdentifier(constraint)) {
            removeFromSolver(constraint)
        }
        for view in others where !participating.contains(ObjectIdentifier(view)) {
            if let record = generated.removeValue(forKey: ObjectIdentifier(view)) {
                for constraint in record.translates + record.contentSize + record.guides { removeFromSolver(constraint) }
            }
            if isWindowEngine { view.autoLayoutStateIfMade?.participating = false }
        }
        // The root comes first in pre-order and always takes part.
        others = Array(newParticipants.dropFirst())
        variableOwners.removeAll(keepingCapacity: true)
        for view in newParticipants {
            let variables = view.layoutVariables
            for variable in [variables.left, variables.top, variables.width, variables.height] {
                variableOwners[ObjectIdentifier(variable)] = Unowned(value: view)
            }
        }
        for view in newParticipants {
            if isWindowEngine { view.autoLayoutState.participating = true }
            refreshGenerated(for: view)
        }
        userConstraints = userConstraints.filter { kept.contains(ObjectIdentifier($0)) && $0.solverConstraint != nil }
        // Constraints of one item (a width, a height) go in before those relating two, each
        // group in order: a chain (each view below the one before) then meets sizes that are
        // already constants, and each row it adds stays short. The other way round every
        // size was still a variable in every row of the chain, and adding the sizes then
        // substituted into all of them: quadratic in the number of constraints.
        let adding = constraints.filter { !isWindowEngine || ($0.solverConstraint == nil && !$0.isBroken) }
        for constraint in adding where constraint.secondItem == nil { addToSolver(constraint) }
        for constraint in adding where constraint.secondItem != nil { addToSolver(constraint) }
    }

    /// Empties the solver: the next synchronization adds everything again.
    private func startOver() {
        for constraint in userConstraints where constraint.engine === self {
            constraint.solverConstraint = nil
            constraint.engine = nil
        }
        userConstraints = []
        generated = [:]
        solver.reset()
    }

    // MARK: Generated constraints

    /// Re-adds the engine's own constraints for `view` where what they came from changed.
    private func refreshGenerated(for view: View) {
        let key = ObjectIdentifier(view)
        let record: Generated
        if let existing = generated[key] { record = existing } else { record = Generated(); generated[key] = record }
        // The view's solver variables exist from here on.
        _ = view.layoutVariables
        let parent: View? = view === root ? nil : view.storedSuperview

        // The root: at the origin, its size fixed (a window) or asked for (fitting).
        if view === root {
            let size = fitting?.size ?? view.bounds.size
            let frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
            if record.translatedFrame != frame || record.translates.isEmpty {
                for constraint in record.translates { removeFromSolver(constraint) }
                var made = [make(view, .left, .equal, nil, 0, priority: .required, origin: .autoresizing),
                            make(view, .top, .equal, nil, 0, priority: .required, origin: .autoresizing)]
                if let fitting {
                    if size.width > 0 || fitting.horizontal == .required {
                        made.append(make(view, .width, .equal, nil, size.width, priority: fitting.horizontal, origin: .autoresizing))
                    }
                    if size.height > 0 || fitting.vertical == .required {
                        made.append(make(view, .height, .equal, nil, size.height, priority: fitting.vertical, origin: .autoresizing))
                    }
                    // Smallest wins where the size asked for is zero (the compressed size).
                    if size.width == 0 { made.append(make(view, .width, .equal, nil, 0, priority: .fittingSizeLevel, origin: .autoresizing)) }
                    if size.height == 0 { made.append(make(view, .height, .equal, nil, 0, priority: .fittingSizeLevel, origin: .autoresizing)) }
                } else {
                    made.append(make(view, .width, .equal, nil, size.width, priority: .required, origin: .autoresizing))
                    made.append(make(view, .height, .equal, nil, size.height, priority: .required, origin: .autoresizing))
                }
                record.translates = made
                record.translatedFrame = frame
                for constraint in made { addToSolver(constraint) }
            }
        } else if view.translatesAutoresizingMaskIntoConstraints {
            // Autoresizing constraints: the frame as it is, against the superview.
            let frame = view.frame
            let parentKey = parent.map(ObjectIdentifier.init)
            if record.translatedFrame != frame || record.translatedParent != parentKey || record.translates.isEmpty {
                for constraint in record.translates { removeFromSolver(constraint) }
                let anchor: AnyObject? = parent
                record.translates = [
                    make(view, .left, .equal, anchor, frame.minX, priority: .required, origin: .autoresizing, secondAttribute: .left),
                    make(view, .top, .equal, anchor, frame.minY, priority: .required, origin: .autoresizing, secondAttribute: .top),
                    make(view, .width, .equal, nil, frame.width, priority: .required, origin: .autoresizing),
                    make(view, .height, .equal, nil, frame.height, priority: .required, origin: .autoresizing),
                ]
                record.translatedFrame = frame
                record.translatedParent = parentKey
                for constraint in record.translates { addToSolver(constraint) }
            }
        } else if !record.translates.isEmpty {
            for constraint in record.translates { removeFromSolver(constraint) }
            record.translates = []
            record.translatedFrame = nil
        }

        // Content size: hugging (<=) and compression resistance (>=) per axis.
        if !view.translatesAutoresizingMaskIntoConstraints || view === root {
            let size = view.intrinsicContentSize
            let state = view.autoLayoutStateIfMade
            let hugging = state?.hugging ?? (250, 250), compression = state?.compression ?? (750, 750)
            let key = [Double(size.width), Double(size.height), Double(hugging.0.rawValue), Double(hugging.1.rawValue),
                       Double(compression.0.rawValue), Double(compression.1.rawValue)]
            if key != record.contentKey {
                for constraint in record.contentSize { removeFromSolver(constraint) }
                var made: [LayoutConstraint] = []
                if size.width != View.noIntrinsicMetric {
                    made.append(make(view, .width, .lessThanOrEqual, nil, size.width, priority: hugging.0, origin: .contentSize))
                    made.append(make(view, .width, .greaterThanOrEqual, nil, size.width, priority: compression.0, origin: .contentSize))
                }
                if size.height != View.noIntrinsicMetric {
                    made.append(make(view, .height, .lessThanOrEqual, nil, size.height, priority: hugging.1, origin: .contentSize))
                    made.append(make(view, .height, .greaterThanOrEqual, nil, size.height, priority: compression.1, origin: .contentSize))
                }
                record.contentSize = made
                record.contentKey = key
                for constraint in made { addToSolver(constraint) }
            }
        } else if !record.contentSize.isEmpty {
            for constraint in record.contentSize { removeFromSolver(constraint) }
            record.contentSize = []
            record.contentKey = []
        }

        // System guides follow the view's insets.
        if let state = view.autoLayoutStateIfMade, !state.systemGuides.isEmpty {
            var key: [Double] = []
            for guide in state.systemGuides {
                let insets = view.guideInsets(guide.kind)
                key += [Double(insets.top), Double(insets.left), Double(insets.bottom), Double(insets.right)]
            }
            if key != record.guideKey {
                for constraint in record.guides { removeFromSolver(constraint) }
                var made: [LayoutConstraint] = []
                for guide in state.systemGuides {
                    let insets = view.guideInsets(guide.kind)
                    made += [
                        make(guide, .left, .equal, view, insets.left, priority: .required, origin: .guide, secondAttribute: .left),
                        make(guide, .top, .equal, view, insets.top, priority: .required, origin: .guide, secondAttribute: .top),
                        make(guide, .right, .equal, view, -insets.right, priority: .required, origin: .guide, secondAttribute: .right),
                        make(guide, .bottom, .equal, view, -insets.bottom, priority: .required, origin: .guide, secondAttribute: .bottom),
                    ]
                }
                record.guides = made
                record.guideKey = key
                for constraint in made { addToSolver(constraint) }
            }
        }
    }

    private func make(_ item: AnyObject, _ attribute: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation,
                      _ other: AnyObject?, _ constant: CGFloat, priority: LayoutPriority, origin: LayoutConstraint.Origin,
                      secondAttribute: LayoutConstraint.Attribute = .notAnAttribute) -> LayoutConstraint {
        let constraint = LayoutConstraint(label: "", item: item, attribute: attribute, relatedBy: relation, toItem: other,
                                          attribute: other == nil ? .notAnAttribute : secondAttribute, multiplier: 1, constant: constant)
        constraint.priority = priority
        constraint.origin = origin
        return constraint
    }

    // MARK: The solver

    /// The constraint as a solver constraint: window coordinates on both sides.
    private func solverForm(_ constraint: LayoutConstraint) -> Constraint {
        var expression = attributeExpression(constraint.firstItem, constraint.firstAttribute)
        if let second = constraint.secondItem {
            let other = attributeExpression(second, constraint.secondAttribute)
            expression.terms += other.terms.map { Term($0.variable, -$0.coefficient * Double(constraint.multiplier)) }
            expression.constant -= other.constant * Double(constraint.multiplier)
        }
        expression.constant -= Double(constraint.constant)
        let relation: Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return Constraint(expression, relation, strength: constraint.priority.strength)
    }

    private func attributeExpression(_ item: AnyObject?, _ attribute: LayoutConstraint.Attribute) -> SolverExpression {
        if let view = item as? View {
            var baselines: (first: CGFloat?, last: CGFloat) = (nil, 0)
            if let label = view as? Label, let font = label.font { baselines = (font.ascender, -font.descender) }
            return view.layoutVariables.expression(attribute, margins: view.layoutMargins, baselines: baselines)
        }
        if let guide = item as? LayoutGuide {
            return guide.variables.expression(attribute, margins: .zero, baselines: (nil, 0))
        }
        return SolverExpression()
    }

    private func addToSolver(_ constraint: LayoutConstraint) {
        let form = solverForm(constraint)
        // A fitting engine solves once and goes: the constraints keep their window's state.
        guard isWindowEngine else {
            try? solver.addConstraint(form)
            return
        }
        do {
            try solver.addConstraint(form)
            constraint.solverConstraint = form
            constraint.engine = self
            constraint.isBroken = false
            if constraint.origin == .user || constraint.origin == .stackView { userConstraints.append(constraint) }
        } catch SolverError.unsatisfiableConstraint {
            constraint.isBroken = true
            constraint.engine = self
            reportUnsatisfiable(constraint)
        } catch {
            constraint.isBroken = true
            root.app?.diagnose(.unsatisfiableConstraints, label: constraint.firstView?.traceLabel ?? root.traceLabel,
                               message: "the layout engine refused \(constraint): \(error)")
        }
    }

    private func removeFromSolver(_ constraint: LayoutConstraint) {
        if let form = constraint.solverConstraint { try? solver.removeConstraint(form) }
        constraint.solverConstraint = nil
        constraint.engine = nil
        constraint.isBroken = false
    }

    /// A constant or priority changed: out of the solver and back in (incremental).
    private func replace(_ constraint: LayoutConstraint) {
        guard constraint.installedOn != nil || constraint.origin != .user else { return }
        let wasUser = userConstraints.contains { $0 === constraint }
        if let form = constraint.solverConstraint { try? solver.removeConstraint(form) }
        constraint.solverConstraint = nil
        if wasUser { userConstraints.removeAll { $0 === constraint } }
        addToSolver(constraint)
    }

    /// UIKit's log for a required constraint that cannot hold, as a diagnostic.
    private func reportUnsatisfiable(_ broken: LayoutConstraint) {
        let views = Set([broken.firstView, broken.secondView].compactMap { $0.map(ObjectIdentifier.init) })
        var involved: [LayoutConstraint] = []
        for view in participants {
            guard let record = generated[ObjectIdentifier(view)] else { continue }
            for constraint in record.translates + record.contentSize
            where constraint.solverConstraint != nil && constraint.priority == .required
                && views.contains(ObjectIdentifier(view)) {
                involved.append(constraint)
            }
        }
        for constraint in userConstraints where constraint.priority == .required && constraint.solverConstraint != nil {
            let mine = [constraint.firstView, constraint.secondView].compactMap { $0.map(ObjectIdentifier.init) }
            if mine.contains(where: views.contains) { involved.append(constraint) }
        }
        involved.append(broken)
        let list = involved.map { "    \"\($0)\"" }.joined(separator: ",\n")
        let message = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. 
            \tTry this: 
            \t\t(1) look at each constraint and try to figure out which you don't expect; 
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
            \t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) 
            (
            \(list)
            )

            Will attempt to recover by breaking constraint 
            \(broken)
            """
        root.app?.diagnose(.unsatisfiableConstraints, label: broken.firstView?.traceLabel ?? root.traceLabel, message: message)
    }

    // MARK: Reading the solution

    func value(_ variable: Variable) -> CGFloat {
        let raw = solver.value(of: variable)
        let rounded = (raw * 1_000_000).rounded() / 1_000_000
        return CGFloat(rounded == 0 ? 0 : rounded)
    }

    /// The view's frame in its superview, from the solution (window coordinates less the
    /// superview's position).
    func solvedFrame(of view: View) -> Rect {
        let variables = view.layoutVariables
        var x = value(variables.left), y = value(variables.top)
        if view !== root, let superview = view.storedSuperview {
            x -= value(superview.layoutVariables.left)
            y -= value(superview.layoutVariables.top)
        }
        return Rect(x: x, y: y, width: value(variables.width), height: value(variables.height))
    }

    /// The solved frames of `view`'s subviews that do not translate their masks, set now
    /// (the superview's default `layoutSubviews`, L33).
    func applyFrames(toSubviewsOf view: View) {
        for subview in view.subviews {
            guard let state = subview.autoLayoutStateIfMade, state.participating, !state.translates else { continue }
            // Unmoved by the solution since the engine set its frame, and set by nothing
            // else since: nothing to do.
            if state.solvedDirty || state.appliedFrame != subview.frame {
                let frame = solvedFrame(of: subview)
                if subview.frame != frame { subview.frame = frame }
                state.appliedFrame = subview.frame
                state.solvedDirty = false
            }
            if let label = subview as? Label { label.adoptLayoutWidth() }
        }
    }

    /// Whether the solution leaves any of the view's four values free: each is nudged by a
    /// preference weaker than all others; a value that moves was not determined.
    func isAmbiguous(_ view: View) -> Bool {
        guard view === root || others.contains(where: { $0 === view }) else { return false }
        let variables = view.layoutVariables
        for variable in [variables.left, variables.top, variables.width, variables.height] {
            let current = solver.value(of: variable)
            for delta in [1.0, -1.0] {
                let probe = Constraint(variable.expression - (current + delta), .equal, strength: 1e-3)
                guard (try? solver.addConstraint(probe)) != nil else { continue }
                let moved = abs(solver.value(of: variable) - current) > 1e-6
                try? solver.removeConstraint(probe)
                if moved { return true }
            }
        }
        return false
    }

    // MARK: The system, for an independent solver

    /// The constraints in the solver now (the engine's own, per participant in pre-order,
    /// then the user's in the order they were added) and the variables they use, in order
    /// of first use: what an independent Cassowary solver needs to check the frames this
    /// engine gave (the Auto Layout tests solve it again with kiwisolver).
    func referenceSystem() -> (variables: [Variable], constraints: [Constraint]) {
        var constraints: [Constraint] = []
        for view in participants {
            guard let record = generated[ObjectIdentifier(view)] else { continue }
            for constraint in record.translates + record.contentSize + record.guides {
                if let form = constraint.solverConstraint { constraints.append(form) }
            }
        }
        for constraint in userConstraints {
            if let form = constraint.solverConstraint { constraints.append(form) }
        }
        var variables: [Variable] = []
        var seen = Set<ObjectIdentifier>()
        for view in participants {
            let own = view.layoutVariables
            for variable in [own.left, own.top, own.width, own.height] where seen.insert(ObjectIdentifier(variable)).inserted {
                variables.append(variable)
            }
        }
        for constraint in constraints {
            for term in constraint.expression.terms where seen.insert(ObjectIdentifier(term.variable)).inserted {
                variables.append(term.variable)
            }
        }
        return (variables, constraints)
    }
}

extension Window {
    /// The constraints in this window's Auto Layout solver now, in the order an
    /// independent solver should take them (see the Auto Layout benchmark, which solves
    /// them again from scratch to compare a screen's first layout with its solver's share).
    /// Empty when the window has no constraints.
    @_spi(Benchmarks) public var solverSystemForBenchmarks: [Constraint] {
        layoutEngine?.referenceSystem().constraints ?? []
    }
}
