import CAllocCounter
import Lifeloop

/// The view layer, against absolute goals (no peers): layout passes over a
/// 100,000-view tree, `setNeedsLayout` calls, and the heap a view costs.
///
/// An `Application` belongs to the thread that created it, so every app here is
/// created, measured and dropped on one thread of its own. Tracing is off except
/// in the `layoutAll100k (traced)` row, which is there for information.
enum ViewWorkloads {
    static let viewCount = 100_000
    static let fanOut = 10
    static let onePassRuns = 10_000
    static let markCalls = 1_000_000

    static func run(_ harness: Harness) throws -> [Measurement] {
        try onDedicatedThread {
            var results: [Measurement] = []
            // First, while the heap has seen the least of this thread's work.
            results.append(try memoryPerView())
            do {
                let tree = try Tree(traceEnabled: false)
                results.append(layoutAll(harness, tree, .layoutAll100k))
                results.append(layoutOneLeaf(harness, tree))
                results.append(setNeedsLayout(harness, tree))
            }
            do {
                let tree = try Tree(traceEnabled: true, traceCapacity: 1_000)
                results.append(layoutAll(harness, tree, .layoutAll100kTraced))
            }
            return results
        }
    }

    /// An app with one visible window whose root controller's view holds a
    /// balanced tree of `viewCount` views, fan-out 10, already laid out and drawn.
    private final class Tree {
        let app: Application
        let window: Window
        let controller: ViewController
        let root: View
        /// The tree's views, breadth first (the root view not included).
        var views: [View] = []
        /// The views without subviews.
        let leaves: [View]

        init(traceEnabled: Bool, traceCapacity: Int? = nil) throws {
            app = try Application(clock: .virtual, traceCapacity: traceCapacity, traceEnabled: traceEnabled)
            window = Window(screen: .phone, label: "bench")
            controller = ViewController(label: "root")
            window.rootViewController = controller
            window.makeKeyAndVisible()
            try app.settle()
            root = controller.view
            views.reserveCapacity(viewCount)
            buildBalancedTree(under: root, count: viewCount, into: &views)
            leaves = views.filter { $0.subviews.isEmpty }
            // New views need layout and display once: that first commit is not measured.
            try app.settle()
            precondition(views.allSatisfy { !$0.needsLayout })
        }
    }

    /// Fills `views` breadth first: the root, then each view in turn, gets up to
    /// `fanOut` subviews until there are `count`.
    private static func buildBalancedTree(under root: View, count: Int, into views: inout [View]) {
        var parentIndex = -1
        while views.count < count {
            let parent = parentIndex < 0 ? root : views[parentIndex]
            for _ in 0..<min(fanOut, count - views.count) {
                let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
                parent.addSubview(view)
                views.append(view)
            }
            parentIndex += 1
        }
    }

    /// Every view marked (untimed), then one `layoutIfNeeded()` on the root view:
    /// ns per laid-out view.
    private static func layoutAll(_ harness: Harness, _ tree: Tree, _ workload: Workload) -> Measurement {
        harness.measure(
            workload, .lifeloop, n: tree.views.count,
            setUp: {
                for view in tree.views { view.setNeedsLayout() }
            },
            tearDown: {
                precondition(tree.views.allSatisfy { !$0.needsLayout })
                settle(tree.app)
            }
        ) { n in
            precondition(n == tree.views.count)
            tree.root.layoutIfNeeded()
        }
    }

    /// One op: mark one leaf, then `layoutIfNeeded()` on the root view. The leaves
    /// come in a seeded shuffled order, and each run continues where the last stopped.
    private static func layoutOneLeaf(_ harness: Harness, _ tree: Tree) -> Measurement {
        var generator = SeededGenerator(seed: 0x6C61_796F_7574)
        let order = Array(tree.leaves.indices).shuffled(using: &generator)
        var cursor = 0
        return harness.measure(
            .layoutOneLeaf100k, .lifeloop, n: onePassRuns,
            tearDown: {
                precondition(!tree.root.needsLayout && tree.leaves.allSatisfy { !$0.needsLayout })
                settle(tree.app)
            }
        ) { n in
            for _ in 0..<n {
                tree.leaves[order[cursor]].setNeedsLayout()
                tree.root.layoutIfNeeded()
                cursor += 1
                if cursor == order.count { cursor = 0 }
            }
        }
    }

    /// One op: one `setNeedsLayout()`, all in the same turn, over the views in a
    /// seeded shuffled order, ten times round: the first call on each view marks it
    /// (and the ancestors up to the first marked one), the other nine find it
    /// marked. The turn's pass comes after, untimed.
    private static func setNeedsLayout(_ harness: Harness, _ tree: Tree) -> Measurement {
        var generator = SeededGenerator(seed: 0x6D61_726B)
        let order = Array(tree.views.indices).shuffled(using: &generator)
        return harness.measure(
            .setNeedsLayout1M, .lifeloop, n: markCalls,
            setUp: {
                precondition(tree.views.allSatisfy { !$0.needsLayout })
            },
            tearDown: {
                precondition(tree.views.allSatisfy { $0.needsLayout })
                settle(tree.app)
            }
        ) { n in
            var index = 0
            for _ in 0..<n {
                tree.views[order[index]].setNeedsLayout()
                index += 1
                if index == order.count { index = 0 }
            }
        }
    }

    /// The heap in use (glibc's arenas plus mmapped blocks) before and after
    /// building the tree, with every view alive at the second reading, divided by
    /// the number of views. The array that holds them is reserved beforehand, so
    /// it is not counted; each parent's `subviews` array is.
    private static func memoryPerView() throws -> Measurement {
        let app = try Application(clock: .virtual, traceEnabled: false)
        let window = Window(screen: .phone, label: "bench")
        let controller = ViewController(label: "root")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        let root: View = controller.view
        var views: [View] = []
        views.reserveCapacity(viewCount)

        let bytesBefore = heapInUse()
        let allocationsBefore = AllocCounter.count
        buildBalancedTree(under: root, count: viewCount, into: &views)
        let allocations = AllocCounter.count - allocationsBefore
        let bytesAfter = heapInUse()
        precondition(views.count == viewCount && root.subviews.count == fanOut)

        let measurement = Measurement(
            workload: .memoryPerView,
            system: .lifeloop,
            n: viewCount,
            nanosecondsPerOperation: Double(Int(bytesAfter) - Int(bytesBefore)) / Double(viewCount),
            allocationsPerOperation: Double(allocations) / Double(viewCount),
            unit: "bytes/view"
        )
        withExtendedLifetime((app, window, views)) {}
        Report.progress(measurement)
        return measurement
    }

    private static func heapInUse() -> Int {
        Int(CAllocCounter_heapInUse())
    }

    private static func settle(_ app: Application) {
        do {
            try app.settle()
        } catch {
            preconditionFailure("settle failed: \(error)")
        }
    }
}
