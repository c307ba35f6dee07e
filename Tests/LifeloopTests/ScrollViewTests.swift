import Testing
@testable import Lifeloop

/// UIScrollView on the frame clock: offsets, insets, animated scrolls, drags and
/// deceleration, with the delegate's calls in UIKit's order.
@Suite("Scroll view")
struct ScrollViewTests {
    /// A delegate that logs what it hears, and may move the drag's target.
    final class Log: ScrollViewDelegate {
        var events: [String] = []
        var offsets: [Point] = []
        var retarget: Point?

        func scrollViewDidScroll(_ scrollView: ScrollView) {
            events.append("didScroll")
            offsets.append(scrollView.contentOffset)
        }
        func scrollViewWillBeginDragging(_ scrollView: ScrollView) { events.append("willBeginDragging") }
        func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                       targetContentOffset: UnsafeMutablePointer<Point>) {
            events.append("willEndDragging")
            if let retarget { targetContentOffset.pointee = retarget }
        }
        func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
            events.append("didEndDragging(\(decelerate))")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { events.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { events.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { events.append("didEndScrollingAnimation") }

        /// The events with runs of `didScroll` folded into one.
        var folded: [String] {
            events.reduce(into: []) { result, event in
                if event == "didScroll", result.last == "didScroll" { return }
                result.append(event)
            }
        }
    }

    /// A controller whose view holds a 300×400 scroll view of 300×4000 content.
    final class Host: ViewController {
        let scroll = ScrollView(frame: Rect(x: 0, y: 100, width: 300, height: 400))
        override func viewDidLoad() {
            scroll.traceLabel = "scroll"
            scroll.contentSize = Size(width: 300, height: 4000)
            scroll.contentInsetAdjustmentBehavior = .never
            view.addSubview(scroll)
        }
    }

    private func hosted() throws -> (Application, Host, Log) {
        let app = try Application()
        let host = Host(label: "host")
        _ = try showInWindow(host, app: app)
        let log = Log()
        host.scroll.delegate = log
        return (app, host, log)
    }

    @Test
    func contentOffsetIsTheBoundsOriginAndASetReportsOneScroll() throws {
        let (app, host, log) = try hosted()
        host.scroll.setContentOffset(Point(x: 0, y: 120), animated: false)
        #expect(host.scroll.bounds.origin == Point(x: 0, y: 120))
        #expect(log.events == ["didScroll"])
        #expect(app.trace.events.contains { $0.line == "scroll scrollViewDidScroll" && $0.detail == "(0,120)" })
    }

    @Test
    func anAnimatedOffsetMovesPerFrameThenEndsTheAnimation() throws {
        let (app, host, log) = try hosted()
        host.scroll.setContentOffset(Point(x: 0, y: 600), animated: true)
        #expect(host.scroll.contentOffset == .zero)
        try app.settle()
        #expect(host.scroll.contentOffset == Point(x: 0, y: 600))
        #expect(log.folded == ["didScroll", "didEndScrollingAnimation"])
        // 0.3 s at 60 Hz: about 18 frames, each a step forward.
        #expect(log.offsets.count >= 15)
        #expect(zip(log.offsets, log.offsets.dropFirst()).allSatisfy { $0.y < $1.y })
    }

    @Test
    func aDragReportsInUIKitsOrderAndDeceleratesToTheProjection() throws {
        let (app, host, log) = try hosted()
        host.scroll.beginDrag()
        host.scroll.drag(by: Point(x: 0, y: -100))
        #expect(host.scroll.contentOffset == Point(x: 0, y: 100))
        #expect(host.scroll.isDragging)
        host.scroll.endDrag(velocity: Point(x: 0, y: -1000))
        #expect(host.scroll.isDecelerating)
        try app.settle()
        #expect(log.folded == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                               "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        // 1000 pt/s is 1 pt/ms; UIKit's projection at 0.998: 1 × 0.998 / 0.002 = 499.
        #expect(abs(host.scroll.contentOffset.y - 599) < 0.001)
        #expect(!host.scroll.isDecelerating)
    }

    @Test
    func theFastRateStopsSooner() throws {
        let (app, host, _) = try hosted()
        host.scroll.decelerationRate = .fast
        host.scroll.beginDrag()
        host.scroll.endDrag(velocity: Point(x: 0, y: -1000))
        try app.settle()
        // 1 × 0.99 / 0.01 = 99.
        #expect(abs(host.scroll.contentOffset.y - 99) < 0.001)
    }

    @Test
    func theDelegateMayMoveTheTarget() throws {
        let (app, host, log) = try hosted()
        log.retarget = Point(x: 0, y: 250)
        host.scroll.beginDrag()
        host.scroll.endDrag(velocity: Point(x: 0, y: -3000))
        try app.settle()
        #expect(host.scroll.contentOffset == Point(x: 0, y: 250))
    }

    @Test
    func aReleaseWithoutVelocityDoesNotDecelerate() throws {
        let (app, host, log) = try hosted()
        host.scroll.beginDrag()
        host.scroll.drag(by: Point(x: 0, y: -40))
        host.scroll.endDrag()
        try app.settle()
        #expect(log.folded == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
    }

    @Test
    func pagingLandsOnTheNextPageInTheReleasesDirection() throws {
        let (app, host, _) = try hosted()
        host.scroll.isPagingEnabled = true
        host.scroll.beginDrag()
        host.scroll.drag(by: Point(x: 0, y: -150))
        host.scroll.endDrag(velocity: Point(x: 0, y: -5000))
        try app.settle()
        #expect(host.scroll.contentOffset == Point(x: 0, y: 400))
    }

    @Test
    func pastTheTopABouncingViewRubberBandsAndSpringsBack() throws {
        let (app, host, _) = try hosted()
        host.scroll.beginDrag()
        host.scroll.drag(by: Point(x: 0, y: 100))
        let pulled = host.scroll.contentOffset.y
        #expect(pulled < 0 && pulled > -100)
        host.scroll.endDrag()
        try app.settle()
        #expect(host.scroll.contentOffset == .zero)
    }

    @Test
    func withoutBouncesADragStopsAtTheEdge() throws {
        let (_, host, _) = try hosted()
        host.scroll.bounces = false
        host.scroll.beginDrag()
        host.scroll.drag(by: Point(x: 0, y: 100))
        #expect(host.scroll.contentOffset == .zero)
        host.scroll.drag(by: Point(x: 0, y: -5000))
        #expect(host.scroll.contentOffset == Point(x: 0, y: 3600))
    }

    @Test
    func adjustedInsetsFollowTheBehaviour() throws {
        let app = try Application()
        let host = Host(label: "host")
        let window = try showInWindow(host, app: app)
        let scroll = ScrollView(frame: window.bounds)
        host.view.addSubview(scroll)
        scroll.contentInset = EdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        scroll.contentSize = Size(width: window.bounds.width, height: 100)
        let safeTop = scroll.safeAreaInsets.top
        #expect(safeTop > 0)
        scroll.contentInsetAdjustmentBehavior = .never
        #expect(scroll.adjustedContentInset.top == 5)
        scroll.contentInsetAdjustmentBehavior = .always
        #expect(scroll.adjustedContentInset.top == 5 + safeTop)
        scroll.contentInsetAdjustmentBehavior = .automatic
        #expect(scroll.adjustedContentInset.top == 5 + safeTop)
        // The content fits: scrollable axes adds nothing until it always bounces.
        scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        #expect(scroll.adjustedContentInset.top == 5)
        scroll.alwaysBounceVertical = true
        #expect(scroll.adjustedContentInset.top == 5 + safeTop)
    }

    @Test
    func scrollRectToVisibleMovesTheLeastDistance() throws {
        let (app, host, _) = try hosted()
        host.scroll.scrollRectToVisible(Rect(x: 0, y: 900, width: 10, height: 50), animated: false)
        #expect(host.scroll.contentOffset == Point(x: 0, y: 550))
        host.scroll.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 50), animated: true)
        try app.settle()
        #expect(host.scroll.contentOffset == Point(x: 0, y: 100))
    }

    @Test
    func aScrollOutOfAWindowLandsAtOnce() throws {
        let app = try Application()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let log = Log()
        scroll.delegate = log
        scroll.contentSize = Size(width: 100, height: 1000)
        scroll.setContentOffset(Point(x: 0, y: 300), animated: true)
        #expect(scroll.contentOffset == Point(x: 0, y: 300))
        #expect(log.events == ["didScroll", "didEndScrollingAnimation"])
        _ = app
    }

    @Test
    func theSameDragGivesTheSameOffsetsOnEveryRun() throws {
        func run() throws -> [Point] {
            let (app, host, log) = try hosted()
            host.scroll.beginDrag()
            host.scroll.drag(by: Point(x: 0, y: -30))
            host.scroll.endDrag(velocity: Point(x: 0, y: -2500))
            try app.settle()
            try app.close()
            return log.offsets
        }
        let first = try run()
        #expect(first.count > 10)
        #expect(try run() == first)
    }
}
