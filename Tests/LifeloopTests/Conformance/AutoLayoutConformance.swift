import Testing
@testable import Lifeloop

/// L33: the constraints phase comes before layout; solved frames are applied in the
/// superview's layout; changes in one turn coalesce.
@Suite("Conformance: constraints (L33)")
struct AutoLayoutConformance {
    /// A controller whose view holds a box pinned 20 points from the top left, 100 wide,
    /// half the view's height, and a label after it.
    final class Pinned: ViewController {
        let box = Tracked(frame: .zero)
        let label = Label(frame: .zero)
        var top: LayoutConstraint!
        var updates = 0

        override func viewDidLoad() {
            box.traceLabel = "box"
            label.traceLabel = "label"
            label.text = "Hello"
            for subview in [box, label] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            top = box.topAnchor.constraint(equalTo: view.topAnchor, constant: 20)
            LayoutConstraint.activate([
                top,
                box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                box.widthAnchor.constraint(equalToConstant: 100),
                box.heightAnchor.constraint(equalTo: view.heightAnchor, multiplier: 0.5),
                label.leadingAnchor.constraint(equalTo: box.trailingAnchor, constant: 8),
                label.firstBaselineAnchor.constraint(equalTo: box.topAnchor, constant: 30),
            ])
        }

        override func updateViewConstraints() { updates += 1 }
    }

    /// A view that counts its updateConstraints and layoutSubviews.
    final class Tracked: View {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }

    static let phaseEvents: Set = ["viewWillAppear", "viewIsAppearing", "updateViewConstraints", "updateConstraints",
                                   "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"]

    @Test
    func L33_updateViewConstraintsComesAfterViewWillAppearAndBeforeViewWillLayoutSubviews() throws {
        let app = try Application()
        app.callsViewIsAppearing = true
        let controller = Pinned(label: "VC")
        _ = try showInWindow(controller, app: app)
        let lines = app.trace.projected(labels: ["VC"], events: Self.phaseEvents)
        let willAppear = try #require(lines.firstIndex(of: "VC viewWillAppear"))
        let isAppearing = try #require(lines.firstIndex(of: "VC viewIsAppearing"))
        let update = try #require(lines.firstIndex(of: "VC updateViewConstraints"))
        let willLayout = try #require(lines.firstIndex(of: "VC viewWillLayoutSubviews"))
        #expect(willAppear < isAppearing && isAppearing < update && update < willLayout)
        // Its subviews had their turn before it, in the same commit.
        let all = app.trace.lines
        #expect(try #require(all.firstIndex(of: "box updateConstraints")) < all.firstIndex(of: "VC updateViewConstraints")!)
        #expect(controller.updates == 1)
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func L33_solvedFramesAreAppliedInTheSuperviewsLayout() throws {
        let app = try Application()
        let controller = Pinned(label: "VC")
        let window = try showInWindow(controller, app: app)
        let height = window.bounds.height
        #expect(controller.box.frame == Rect(x: 20, y: 20, width: 100, height: height / 2))
        // The label: after the box, its size its text's, its baseline 30 below the box's top.
        let size = controller.label.intrinsicContentSize
        #expect(controller.label.frame.minX == 128)
        #expect(controller.label.frame.size == size)
        #expect(controller.label.frame.minY == 50 - controller.label.font.ascender)
        #expect(app.diagnostics.isEmpty)
        // The box's frame is set before its superview's layoutSubviews event.
        #expect(app.trace.lines.contains("box layoutSubviews"))
    }

    @Test
    func L33_changesInOneTurnCoalesceIntoOneLayout() throws {
        let app = try Application()
        let controller = Pinned(label: "VC")
        _ = try showInWindow(controller, app: app)
        let layoutsBefore = controller.box.layouts
        let mark = app.trace.count
        for step in 1...50 { controller.top.constant = CGFloat(20 + step) }
        controller.label.text = "Hello, world"
        controller.view.setNeedsLayout()
        controller.view.setNeedsLayout()
        try app.settle()
        let after = app.trace.events.filter { $0.sequence >= mark }.map(\.line)
        #expect(after.filter { $0 == "VC viewWillLayoutSubviews" }.count == 1)
        #expect(controller.box.frame.minY == 70)
        #expect(controller.label.frame.width == controller.label.intrinsicContentSize.width)
        // The box moved without resizing: it is not laid out again.
        #expect(controller.box.layouts == layoutsBefore)
    }

    @Test
    func L33_deepestViewsUpdateFirst() throws {
        let app = try Application()
        let controller = ViewController(label: "VC")
        let outer = View(frame: Rect(x: 0, y: 0, width: 100, height: 100)), inner = View(frame: .zero)
        let innermost = View(frame: .zero)
        outer.traceLabel = "outer"; inner.traceLabel = "inner"; innermost.traceLabel = "innermost"
        controller.view.addSubview(outer)
        outer.addSubview(inner)
        inner.addSubview(innermost)
        inner.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([inner.widthAnchor.constraint(equalToConstant: 10), inner.heightAnchor.constraint(equalToConstant: 10),
                                   inner.topAnchor.constraint(equalTo: outer.topAnchor), inner.leftAnchor.constraint(equalTo: outer.leftAnchor)])
        _ = try showInWindow(controller, app: app)
        let order = app.trace.projected(events: ["updateConstraints", "updateViewConstraints"])
        let positions = ["innermost updateConstraints", "inner updateConstraints", "outer updateConstraints", "VC updateViewConstraints"]
            .map { order.firstIndex(of: $0) }
        #expect(!positions.contains(nil), "\(order)")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted())
        // Marked again: only that view, once, in the next pass.
        let mark = app.trace.count
        inner.setNeedsUpdateConstraints()
        inner.setNeedsUpdateConstraints()
        #expect(inner.needsUpdateConstraints())
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark }.map(\.line).filter { $0.contains("pdate") } == ["inner updateConstraints"])
        #expect(!inner.needsUpdateConstraints())
    }

    @Test
    func L33_frameBasedWindowsNeverRunTheConstraintsPhase() throws {
        let app = try Application()
        let controller = ViewController(label: "VC")
        controller.view.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let window = try showInWindow(controller, app: app)
        #expect(window.layoutEngine == nil)
        #expect(app.trace.projected(events: ["updateConstraints", "updateViewConstraints"]).isEmpty)
    }

    final class ConstraintBased: View {
        override class var requiresConstraintBasedLayout: Bool { true }
    }

    @Test
    func L33_requiresConstraintBasedLayoutEngagesTheEngine() throws {
        let app = try Application()
        let controller = ViewController(label: "VC")
        let view = ConstraintBased(frame: .zero)
        view.traceLabel = "needy"
        controller.view.addSubview(view)
        let window = try showInWindow(controller, app: app)
        #expect(window.layoutEngine != nil)
        #expect(app.trace.lines.contains("needy updateConstraints"))
    }

    @Test
    func L33_translatedFramesAndMasksBecomeConstraints() throws {
        let app = try Application()
        let controller = ViewController(label: "VC")
        // A frame-placed container, flexible width, and a constrained child inside it.
        let container = View(frame: Rect(x: 10, y: 10, width: 200, height: 100))
        container.autoresizingMask = [.flexibleWidth]
        let child = View(frame: .zero)
        child.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(container)
        container.addSubview(child)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 5),
            child.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -5),
            child.topAnchor.constraint(equalTo: container.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 40),
        ])
        let window = try showInWindow(controller, app: app)
        let width = container.frame.width
        #expect(child.frame == Rect(x: 5, y: 0, width: width - 10, height: 40))
        // A rotation: the container autoresizes, the child follows in the same pass.
        window.frame = Rect(x: 0, y: 0, width: window.bounds.height, height: window.bounds.width)
        try app.settle()
        #expect(container.frame.width != width)
        #expect(child.frame == Rect(x: 5, y: 0, width: container.frame.width - 10, height: 40))
        #expect(app.diagnostics.isEmpty)
    }
}
