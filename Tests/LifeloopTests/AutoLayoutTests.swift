import Foundation
import Testing
@testable import Lifeloop

/// Auto Layout through the UIKit API: anchors, priorities, guides, fitting, diagnostics
/// and stack views.
@Suite("Auto Layout")
struct AutoLayoutTests {
    /// A controller whose `viewDidLoad` runs `build` on its view.
    final class Host: ViewController {
        let build: (View) -> Void
        init(_ build: @escaping (View) -> Void) {
            self.build = build
            Self.useLabel("VC")
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func viewDidLoad() { build(view) }
    }

    func constrained(_ views: View...) {
        for view in views { view.translatesAutoresizingMaskIntoConstraints = false }
    }

    /// A multi-line label with no `preferredMaxLayoutWidth`, pinned between its
    /// superview's edges, wraps at the width Auto Layout gives it: its height is that of
    /// the lines it needs at that width (UIKit's automatic preferred width, iOS 8 on), not
    /// one long line cut at the edge.
    @Test
    func aMultilineLabelWrapsAtTheWidthAutoLayoutGivesIt() throws {
        let app = try Application()
        let label = Label(frame: .zero)
        label.traceLabel = "bio"
        label.numberOfLines = 0
        label.text = "A label long enough to need several lines at two hundred points, as real bios do."
        _ = try showInWindow(Host { view in
            let box = View(frame: .zero)
            view.addSubview(box)
            box.addSubview(label)
            constrained(box, label)
            NSLayoutConstraintActivate([box.widthAnchor.constraint(equalToConstant: 200),
                                        box.topAnchor.constraint(equalTo: view.topAnchor, constant: 100),
                                        box.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 20),
                                        label.topAnchor.constraint(equalTo: box.topAnchor),
                                        label.leadingAnchor.constraint(equalTo: box.leadingAnchor),
                                        label.trailingAnchor.constraint(lessThanOrEqualTo: box.trailingAnchor),
                                        box.bottomAnchor.constraint(equalTo: label.bottomAnchor)])
        }, app: app)
        let wrapped = label.sizeThatFits(Size(width: 200, height: 0))
        let oneLine = label.sizeThatFits(Size(width: 10_000, height: 0))
        #expect(wrapped.height > oneLine.height, "the text needs more than one line at 200 points")
        #expect(label.frame.width <= 200)
        #expect(label.frame.height == wrapped.height)
        #expect(label.superview?.frame.height == wrapped.height, "the box hugs the wrapped label")
        #expect(app.diagnostics.isEmpty)
    }

    /// A window laid out by constraints is freed with its app: its engine, which it owns,
    /// never holds it (nor, through it, the views and controllers in it), also when the
    /// window's own size changed just before the app went.
    @Test
    func aWindowLaidOutByConstraintsIsFreedWithItsApp() throws {
        weak var weakWindow: Window?
        weak var weakEngine: LayoutEngine?
        weak var weakBox: View?
        try {
            let app = try Application()
            let box = View(frame: .zero)
            let window = try showInWindow(Host { view in
                view.addSubview(box)
                self.constrained(box)
                NSLayoutConstraintActivate([box.widthAnchor.constraint(equalToConstant: 200),
                                            box.heightAnchor.constraint(equalTo: view.heightAnchor, multiplier: 0.5),
                                            box.topAnchor.constraint(equalTo: view.topAnchor),
                                            box.leftAnchor.constraint(equalTo: view.leftAnchor)])
            }, app: app)
            try app.settle()
            #expect(box.frame.width == 200)
            weakEngine = window.layoutEngine
            #expect(weakEngine != nil, "the window's constraints are solved by its engine")
            window.frame = Rect(x: 0, y: 0, width: 300, height: 500)
            (weakWindow, weakBox) = (window, box)
        }()
        #expect(weakWindow == nil, "the window outlived its app")
        #expect(weakEngine == nil, "the engine outlived its app")
        #expect(weakBox == nil, "a constrained view outlived its app")
    }

    /// Text wrapped at the width it needed keeps its lines: a line that ends just before a
    /// space is not broken again at that space's word.
    @Test(arguments: [60, 97, 130, 171, 200, 263, 320])
    func wrappingAtAWrappedTextsOwnWidthKeepsItsLines(_ width: Int) {
        let font = Font.systemFont(ofSize: 17)
        let text = "A label long enough to need several lines at two hundred points, as real bios do."
        let lines = font.lines(of: text, width: CGFloat(width), maximumLines: 0)
        let needed = font.size(of: text, width: CGFloat(width)).width
        #expect(needed <= CGFloat(width))
        #expect(font.lines(of: text, width: needed, maximumLines: 0) == lines)
    }

    /// UIKit's constraints do not own their items: a view and the constraints it holds
    /// (between it and its subviews) go away together once nothing else holds the view.
    @Test
    func constraintsDoNotKeepTheirViewsAlive() throws {
        _ = try Application()
        weak var weakParent: View?
        weak var weakChild: View?
        weak var weakConstraint: LayoutConstraint?
        do {
            let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let child = View(frame: .zero)
            parent.addSubview(child)
            constrained(child)
            let constraints = [child.widthAnchor.constraint(equalTo: parent.widthAnchor),
                               child.topAnchor.constraint(equalTo: parent.topAnchor)]
            NSLayoutConstraintActivate(constraints)
            #expect(constraints[0].firstItem === child && constraints[0].secondItem === parent)
            weakParent = parent
            weakChild = child
            weakConstraint = constraints[0]
        }
        #expect(weakParent == nil)
        #expect(weakChild == nil)
        #expect(weakConstraint == nil)
    }

    @Test
    func unsatisfiableConstraintsGiveUIKitsLogAndBreakTheOneAdded() throws {
        let app = try Application()
        let box = View(frame: .zero)
        box.traceLabel = "box"
        let wide = box.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "too-wide"
        _ = try showInWindow(Host { view in
            view.addSubview(box)
            constrained(box)
            NSLayoutConstraintActivate([box.widthAnchor.constraint(equalToConstant: 100), wide,
                                        box.topAnchor.constraint(equalTo: view.topAnchor),
                                        box.leftAnchor.constraint(equalTo: view.leftAnchor),
                                        box.heightAnchor.constraint(equalToConstant: 10)])
        }, app: app)
        let diagnostic = try #require(app.diagnostics.first { $0.kind == .unsatisfiableConstraints })
        #expect(diagnostic.message.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(diagnostic.message.contains("UIView:box.width == 100"))
        #expect(diagnostic.message.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:"))
        #expect(diagnostic.message.hasSuffix("'too-wide' UIView:box.width == 200   (active)>"))
        // The broken one stays active and unsatisfied; the others hold.
        #expect(wide.isActive)
        #expect(box.frame == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(app.diagnostics.filter { $0.kind == .unsatisfiableConstraints }.count == 1)
    }

    @Test
    func aViewThatTranslatesItsMaskConflictsWithItsOwnSizeConstraints() throws {
        let app = try Application()
        app.isStrict = true
        let box = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        box.traceLabel = "box"
        let controller = Host { view in
            view.addSubview(box)
            box.widthAnchor.constraint(equalToConstant: 80).isActive = true
        }
        let window = Window(label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        do {
            try app.settle()
            Issue.record("strict mode let an unsatisfiable layout pass")
        } catch let error as DiagnosticsError {
            let message = try #require(error.diagnostics.first { $0.kind == .unsatisfiableConstraints }?.message)
            #expect(message.contains("<NSAutoresizingMaskLayoutConstraint:"))
            #expect(message.contains("UIView:box.width == 50"))
        }
        #expect(box.frame.width == 50)
    }

    /// Strict mode names each view whose constraints leave its frame free, once; a view
    /// whose frame is determined is not named.
    @Test
    func strictModeNamesAViewWithAnAmbiguousLayout() throws {
        let app = try Application()
        app.isStrict = true
        let loose = View(frame: .zero), pinned = View(frame: .zero)
        loose.traceLabel = "loose"
        pinned.traceLabel = "pinned"
        let controller = Host { view in
            view.addSubview(loose)
            view.addSubview(pinned)
            self.constrained(loose, pinned)
            // `loose` has a size and a left edge but no vertical position.
            NSLayoutConstraintActivate([loose.widthAnchor.constraint(equalToConstant: 80),
                                        loose.heightAnchor.constraint(equalToConstant: 20),
                                        loose.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 10),
                                        pinned.widthAnchor.constraint(equalToConstant: 80),
                                        pinned.heightAnchor.constraint(equalToConstant: 20),
                                        pinned.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 10),
                                        pinned.topAnchor.constraint(equalTo: view.topAnchor, constant: 40)])
        }
        let window = Window(label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        do {
            try app.settle()
            Issue.record("strict mode let an ambiguous layout pass")
        } catch let error as DiagnosticsError {
            let ambiguous = error.diagnostics.filter { $0.kind == .ambiguousLayout }
            #expect(ambiguous.map(\.label) == ["loose"])
            #expect(ambiguous.first?.message.contains("loose has an ambiguous layout") == true)
        }
        #expect(loose.hasAmbiguousLayout && !pinned.hasAmbiguousLayout)
        // Reported once: a later pass does not repeat it.
        pinned.setNeedsLayout()
        try app.settle()
    }

    @Test
    func constraintsBetweenViewsWithNoCommonAncestorAreADiagnostic() throws {
        let app = try Application()
        let a = View(frame: .zero), b = View(frame: .zero)
        a.traceLabel = "a"; b.traceLabel = "b"
        let constraint = a.leadingAnchor.constraint(equalTo: b.trailingAnchor)
        constraint.isActive = true
        #expect(!constraint.isActive)
        let diagnostic = try #require(app.diagnostics.first)
        #expect(diagnostic.kind == .invalidHierarchy)
        #expect(diagnostic.message.contains("because they have no common ancestor"))
        #expect(diagnostic.message.contains("UIView:a.leading"))
    }

    @Test
    func ambiguityIsReportedAndMissingConstraintsAreWhy() throws {
        let app = try Application()
        let box = View(frame: .zero)
        _ = try showInWindow(Host { view in
            view.addSubview(box)
            box.translatesAutoresizingMaskIntoConstraints = false
            box.widthAnchor.constraint(equalToConstant: 10).isActive = true
            box.heightAnchor.constraint(equalToConstant: 10).isActive = true
            box.topAnchor.constraint(equalTo: view.topAnchor).isActive = true
        }, app: app)
        #expect(box.hasAmbiguousLayout)
        box.exerciseAmbiguityInLayout()
        box.centerXAnchor.constraint(equalTo: box.superview!.centerXAnchor).isActive = true
        try app.settle()
        #expect(!box.hasAmbiguousLayout)
        #expect(box.frame.midX == box.superview!.bounds.midX)
    }

    @Test
    func prioritiesAndIntrinsicSizesDecide() throws {
        let app = try Application()
        let left = Label(frame: .zero), right = Label(frame: .zero)
        left.text = "Name"
        right.text = "A longer value"
        var container: View!
        _ = try showInWindow(Host { view in
            container = View(frame: .zero)
            view.addSubview(container)
            container.addSubview(left)
            container.addSubview(right)
            constrained(container, left, right)
            right.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
            NSLayoutConstraintActivate([
                container.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                container.topAnchor.constraint(equalTo: view.topAnchor, constant: 100),
                container.widthAnchor.constraint(equalToConstant: 300),
                left.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
                right.leadingAnchor.constraint(equalToSystemSpacingAfter: left.trailingAnchor, multiplier: 1),
                right.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -16),
                left.topAnchor.constraint(equalTo: container.topAnchor),
                right.firstBaselineAnchor.constraint(equalTo: left.firstBaselineAnchor),
                container.bottomAnchor.constraint(greaterThanOrEqualTo: left.bottomAnchor),
            ])
        }, app: app)
        // The label with the lower hugging priority stretches; the other keeps its size.
        #expect(left.frame == Rect(x: 16, y: 0, width: left.intrinsicContentSize.width, height: left.intrinsicContentSize.height))
        #expect(right.frame.minX == left.frame.maxX + 8)
        #expect(right.frame.maxX == 284)
        #expect(right.frame.minY == left.frame.minY)
        #expect(container.frame.height == left.frame.height)
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func systemLayoutSizeFittingSolvesTheSubtreeAlone() {
        let cell = View(frame: .zero)
        let title = Label(frame: .zero), detail = Label(frame: .zero)
        title.text = "Title"
        detail.text = "Some detail text"
        cell.addSubview(title)
        cell.addSubview(detail)
        for view in [title, detail] { view.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 10),
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -12),
            detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            detail.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -12),
            detail.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -10),
        ])
        let compressed = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        let height = 10 + title.intrinsicContentSize.height + 4 + detail.intrinsicContentSize.height + 10
        #expect(compressed == Size(width: 12 + detail.intrinsicContentSize.width + 12, height: height))
        let fixedWidth = cell.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel)
        #expect(fixedWidth == Size(width: 320, height: height))
    }

    @Test
    func removingAViewDropsTheConstraintsThatCrossedIntoIt() throws {
        let app = try Application()
        let box = View(frame: .zero), inner = View(frame: .zero)
        var crossing: LayoutConstraint!
        var inside: LayoutConstraint!
        _ = try showInWindow(Host { view in
            view.addSubview(box)
            box.addSubview(inner)
            constrained(box, inner)
            crossing = box.topAnchor.constraint(equalTo: view.topAnchor)
            inside = inner.widthAnchor.constraint(equalTo: box.widthAnchor)
            NSLayoutConstraintActivate([crossing, inside])
        }, app: app)
        #expect(crossing.isActive && inside.isActive)
        box.removeFromSuperview()
        #expect(!crossing.isActive)
        #expect(inside.isActive)
    }

    @Test
    func guidesFollowTheirViewsInsets() throws {
        let app = try Application()
        let box = View(frame: .zero), column = View(frame: .zero)
        let spacer = LayoutGuide()
        var root: View!
        _ = try showInWindow(Host { view in
            root = view
            view.addSubview(box)
            view.addSubview(column)
            constrained(box, column)
            view.layoutMargins = EdgeInsets(top: 10, left: 20, bottom: 10, right: 30)
            view.addLayoutGuide(spacer)
            let safe = view.safeAreaLayoutGuide, margins = view.layoutMarginsGuide
            NSLayoutConstraintActivate([
                box.topAnchor.constraint(equalTo: safe.topAnchor),
                box.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                box.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                box.heightAnchor.constraint(equalToConstant: 40),
                spacer.topAnchor.constraint(equalTo: box.bottomAnchor),
                spacer.heightAnchor.constraint(equalToConstant: 12),
                spacer.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                spacer.widthAnchor.constraint(equalToConstant: 1),
                column.topAnchor.constraint(equalTo: spacer.bottomAnchor),
                column.leadingAnchor.constraint(equalTo: view.readableContentGuide.leadingAnchor),
                column.trailingAnchor.constraint(equalTo: view.readableContentGuide.trailingAnchor),
                column.heightAnchor.constraint(equalToConstant: 10),
            ])
        }, app: app)
        let width = root.bounds.width
        #expect(box.frame == Rect(x: 20, y: root.safeAreaInsets.top, width: width - 50, height: 40))
        #expect(spacer.layoutFrame == Rect(x: 0, y: box.frame.maxY, width: 1, height: 12))
        #expect(column.frame.minY == box.frame.maxY + 12)
        #expect(column.frame.width == min(672, width - 50))
        #expect(app.diagnostics.isEmpty)
    }

    /// The same constrained screen twice, and on two threads at once (one engine per
    /// window: nothing shared): the same trace and the same frames.
    @Test
    func layoutIsDeterministicAndAppsOnTwoThreadsShareNothing() throws {
        @Sendable func run() throws -> [String] {
            let app = try Application()
            defer { try? app.close() }
            var boxes: [View] = []
            _ = try showInWindow(Host { view in
                boxes = (0..<20).map { _ in View(frame: .zero) }
                var previous: View?
                for box in boxes {
                    view.addSubview(box)
                    box.translatesAutoresizingMaskIntoConstraints = false
                    LayoutConstraint.activate([
                        box.leadingAnchor.constraint(equalTo: previous?.trailingAnchor ?? view.leadingAnchor, constant: 2),
                        box.widthAnchor.constraint(greaterThanOrEqualToConstant: 5),
                        box.topAnchor.constraint(equalTo: view.topAnchor, constant: 50),
                        box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 2),
                    ])
                    previous = box
                }
                previous!.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2).isActive = true
                LayoutConstraint.activate(zip(boxes, boxes.dropFirst()).map { $0.widthAnchor.constraint(equalTo: $1.widthAnchor) })
            }, app: app)
            return app.trace.lines + boxes.map { "\($0.frame)" }
        }
        let first = try run()
        #expect(try run() == first)
        let results = Locked<[[String]]>([])
        let threads = (0..<2).map { _ in
            Thread { let lines = (try? run()) ?? ["the run threw"]; results.withLock { $0.append(lines) } }
        }
        for thread in threads { thread.start() }
        while results.withLock({ $0.count }) < 2 { usleep(1000) }
        #expect(results.withLock { $0 } == [first, first])
    }

    @Test
    func aMultilineLabelWrapsAtItsPreferredWidthAndFollowsItsText() throws {
        let app = try Application()
        let label = Label(frame: .zero)
        label.text = "one two three four five six seven eight nine ten"
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 120
        _ = try showInWindow(Host { view in
            view.addSubview(label)
            label.translatesAutoresizingMaskIntoConstraints = false
            label.topAnchor.constraint(equalTo: view.topAnchor, constant: 60).isActive = true
            label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10).isActive = true
        }, app: app)
        let wrapped = label.font.size(of: label.text!, width: 120, maximumLines: 0)
        #expect(label.frame == Rect(x: 10, y: 60, width: wrapped.width, height: wrapped.height))
        #expect(wrapped.height > label.font.lineHeight)
        label.text = "short"
        try app.settle()
        #expect(label.frame.size == label.font.size(of: "short", width: 120, maximumLines: 0))
        label.numberOfLines = 1
        label.text = "one two three four five six seven eight nine ten"
        try app.settle()
        #expect(label.frame.height == label.font.size(of: label.text!, width: 120, maximumLines: 1).height)
    }

    /// Views that come and go leave their variables in the solver until they outnumber
    /// the views in the window; then it starts again, and layout goes on as before.
    @Test
    func theSolverForgetsViewsThatLeftTheWindow() throws {
        let app = try Application()
        let anchor = View(frame: .zero)
        let window = try showInWindow(Host { view in
            view.addSubview(anchor)
            anchor.translatesAutoresizingMaskIntoConstraints = false
            LayoutConstraint.activate([anchor.topAnchor.constraint(equalTo: view.topAnchor, constant: 5),
                                       anchor.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 5),
                                       anchor.widthAnchor.constraint(equalToConstant: 5), anchor.heightAnchor.constraint(equalToConstant: 5)])
        }, app: app)
        let root = anchor.superview!
        var most = 0
        for index in 0..<1_200 {
            let box = View(frame: .zero)
            root.addSubview(box)
            box.translatesAutoresizingMaskIntoConstraints = false
            LayoutConstraint.activate([box.topAnchor.constraint(equalTo: anchor.bottomAnchor, constant: CGFloat(index % 7)),
                                       box.leftAnchor.constraint(equalTo: anchor.leftAnchor),
                                       box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10)])
            try app.settle()
            #expect(box.frame == Rect(x: 5, y: 10 + CGFloat(index % 7), width: 10, height: 10))
            box.removeFromSuperview()
            try app.settle()
            most = max(most, window.layoutEngine!.solver.variableCount)
        }
        #expect(most <= 8 * 4 + 4_096 + 8)
        #expect(anchor.frame == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func nonFiniteConstantsAndMultipliersAreDiagnosedAndReplaced() throws {
        let app = try Application()
        let box = View(frame: .zero)
        var top: LayoutConstraint!
        _ = try showInWindow(Host { view in
            view.addSubview(box)
            box.translatesAutoresizingMaskIntoConstraints = false
            top = box.topAnchor.constraint(equalTo: view.topAnchor, constant: .nan)
            LayoutConstraint.activate([top, box.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 3),
                                       box.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: .infinity),
                                       box.heightAnchor.constraint(equalToConstant: 10)])
        }, app: app)
        #expect(app.diagnostics.map(\.kind) == [.invalidArgument, .invalidArgument])
        #expect(app.diagnostics[0].message == "constant nan is not a finite number: 0.0 used")
        #expect(box.frame == Rect(x: 3, y: 0, width: box.superview!.bounds.width, height: 10))
        top.constant = -.infinity
        try app.settle()
        #expect(top.constant == 0)
        #expect(app.diagnostics.count == 3)
        #expect(LayoutPriority(.infinity).description == "inf")
    }

    // MARK: Stack views

    func stack(_ axis: LayoutAxis, _ configure: (StackView) -> Void, sizes: [Size], widthPriorities: [Float]? = nil) throws
        -> (StackView, [View], Application) {
        let app = try Application()
        let views = sizes.map { size -> View in
            let view = View(frame: .zero)
            view.translatesAutoresizingMaskIntoConstraints = false
            return view
        }
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        configure(stack)
        _ = try showInWindow(Host { view in
            view.addSubview(stack)
            stack.translatesAutoresizingMaskIntoConstraints = false
            var constraints = [stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
                               stack.topAnchor.constraint(equalTo: view.topAnchor, constant: 100),
                               stack.widthAnchor.constraint(equalToConstant: 300)]
            for (index, (view, size)) in zip(views, sizes).enumerated() {
                let width = view.widthAnchor.constraint(equalToConstant: size.width)
                let height = view.heightAnchor.constraint(equalToConstant: size.height)
                width.priority = LayoutPriority(widthPriorities?[index] ?? 300)
                height.priority = LayoutPriority(300)
                constraints += [width, height]
            }
            NSLayoutConstraintActivate(constraints)
        }, app: app)
        return (stack, views, app)
    }

    @Test
    func aFillingRowGivesTheRestToTheWeakestWidth() throws {
        let (stack, views, app) = try stack(.horizontal, { $0.spacing = 10; $0.alignment = .top }, sizes: [
            Size(width: 50, height: 20), Size(width: 60, height: 40), Size(width: 70, height: 30)], widthPriorities: [300, 200, 300])
        #expect(views.map(\.frame.minX) == [0, 60, 230])
        #expect(views.map(\.frame.width) == [50, 160, 70])
        #expect(views.map(\.frame.minY) == [0, 0, 0])
        // Hugging its tallest view, the stack is 40 high.
        #expect(stack.frame.height == 40)
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func fillEquallyAndCustomSpacing() throws {
        let (_, views, app) = try stack(.horizontal, { stack in
            stack.distribution = .fillEqually
            stack.spacing = 15
        }, sizes: [Size(width: 10, height: 10), Size(width: 10, height: 10), Size(width: 10, height: 10)])
        #expect(views.map(\.frame.width) == [90, 90, 90])
        #expect(views.map(\.frame.minX) == [0, 105, 210])
        (views[0].superview as! StackView).setCustomSpacing(0, after: views[0])
        try app.settle()
        #expect(views.map(\.frame.width) == [95, 95, 95])
        #expect(views.map(\.frame.minX) == [0, 95, 205])
    }

    @Test
    func equalSpacingAndHiddenViewsCollapse() throws {
        let (stack, views, app) = try stack(.horizontal, { stack in
            stack.distribution = .equalSpacing
            stack.alignment = .center
        }, sizes: [Size(width: 40, height: 20), Size(width: 60, height: 40), Size(width: 80, height: 20)])
        #expect(views.map(\.frame.minX) == [0, 100, 220])
        #expect(views.map(\.frame.width) == [40, 60, 80])
        #expect(views.map(\.frame.midY) == [20, 20, 20])
        views[1].isHidden = true
        try app.settle()
        #expect(views[1].frame.width == 0)
        #expect(views[0].frame.minX == 0)
        #expect(views[2].frame.maxX == 300)
        stack.removeArrangedSubview(views[2])
        views[2].removeFromSuperview()
        try app.settle()
        #expect(views[0].frame.minX == 0)
        #expect(views[0].frame.maxX == 300)
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func aColumnInsideItsMargins() throws {
        let (_, views, app) = try stack(.vertical, { stack in
            stack.spacing = 8
            stack.alignment = .trailing
            stack.isLayoutMarginsRelativeArrangement = true
            stack.directionalLayoutMargins = DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 20)
        }, sizes: [Size(width: 40, height: 20), Size(width: 60, height: 30)])
        #expect(views.map(\.frame) == [Rect(x: 240, y: 5, width: 40, height: 20), Rect(x: 220, y: 33, width: 60, height: 30)])
        #expect(app.diagnostics.isEmpty)
    }
}

/// `NSLayoutConstraint.activate`, as a function the closures above read easily.
func NSLayoutConstraintActivate(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
