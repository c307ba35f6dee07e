import Lifeloop

/// Three windows on three screens share one loop: a 60 Hz phone pushes and pops in a
/// navigation stack, a 120 Hz tablet switches tabs (sliding a tab indicator), a 120 Hz
/// "pro" phone presents and dismisses a modal. The actions are scripted on the virtual
/// clock so the transitions overlap; the modal's heavy `viewDidLoad` (40 ms of main-thread
/// work) lands in the middle of the phone's push, and every window that is animating then
/// drops frames, since they all share one main thread. At the end each window's frame
/// metrics go into the trace as `<window> frameMetrics`.
public enum MultiWindow {
    static let sample = Sample(
        name: "MultiWindow",
        summary: "three windows (60 Hz phone, 120 Hz tablet and pro) animate at once on one loop; a heavy viewDidLoad drops frames",
        run: run
    )

    /// The third screen: 390×844 at 3×, 120 Hz.
    static let proScreen = Screen(size: Size(width: 390, height: 844), scale: 3, statusBarInset: 47, refreshRate: 120)

    /// When each scripted action starts, after launch, in milliseconds.
    enum Script {
        static let pushMessage = 100
        static let switchToSearch = 150
        static let presentCompose = 200
        static let popMessage = 700
        static let dismissCompose = 750
        static let switchToSettings = 800
    }

    /// A screenful whose view is named after it (`Inbox.view`), for a readable trace.
    class Page: ViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.traceLabel = traceLabel + ".view"
        }
    }

    /// A page whose `viewDidLoad` spends main-thread time.
    final class HeavyPage: Page {
        var cost: Duration = .zero

        override func viewDidLoad() {
            super.viewDidLoad()
            application?.loop.consume(cost)
        }
    }

    /// The containers, with their views named too.
    final class Navigation: NavigationController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.traceLabel = traceLabel + ".view"
        }
    }

    final class Tabs: TabBarController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.traceLabel = traceLabel + ".view"
        }
    }

    static func run() throws -> Trace {
        let app = try Application(clock: .virtual, screen: .phone)

        // Window "phone": a navigation stack on a 60 Hz phone.
        let inbox = Page(label: "Inbox")
        let navigation = Navigation(rootViewController: inbox, label: "Mail")
        let phone = Window(screen: .phone, label: "phone")
        phone.rootViewController = navigation

        // Window "tablet": three tabs on a 120 Hz tablet, with an indicator under the
        // selected tab.
        let tabs = Tabs(viewControllers: [Page(label: "Library"), Page(label: "Search"), Page(label: "Settings")], label: "Tabs")
        let tablet = Window(screen: .tablet, label: "tablet")
        tablet.rootViewController = tabs
        let tabWidth = Screen.tablet.size.width / 3
        let indicator = View(frame: Rect(x: 0, y: Screen.tablet.size.height - 4, width: tabWidth, height: 4))
        indicator.traceLabel = "TabIndicator"

        // Window "pro": a home screen on a 120 Hz phone that presents a modal.
        let home = Page(label: "Home")
        let pro = Window(screen: proScreen, label: "pro")
        pro.rootViewController = home

        phone.makeKeyAndVisible()
        tablet.makeKeyAndVisible()
        pro.makeKeyAndVisible()
        tabs.view.addSubview(indicator)
        try app.settle()

        func at(_ milliseconds: Int, _ action: @escaping () -> Void) {
            app.loop.schedule(after: .milliseconds(milliseconds), action)
        }
        func selectTab(_ index: Int) {
            tabs.selectedIndex = index
            View.animate(withDuration: 0.25, delay: 0, options: .curveEaseInOut, animations: {
                indicator.frame = Rect(x: tabWidth * Double(index), y: indicator.frame.minY, width: tabWidth, height: 4)
            })
        }

        at(Script.pushMessage) { navigation.pushViewController(Page(label: "Message"), animated: true) }
        at(Script.switchToSearch) { selectTab(1) }
        at(Script.presentCompose) {
            // Its viewDidLoad blocks the loop for 40 ms while the phone's push and the
            // tablet's indicator animate.
            let compose = HeavyPage(label: "Compose")
            compose.cost = .milliseconds(40)
            compose.modalPresentationStyle = .fullScreen
            home.present(compose, animated: true)
        }
        at(Script.popMessage) { navigation.popViewController(animated: true) }
        at(Script.dismissCompose) { home.dismiss(animated: true) }
        at(Script.switchToSettings) { selectTab(2) }
        try app.settle()

        for window in [phone, tablet, pro] {
            app.loop.record(label: window.traceLabel, event: "frameMetrics",
                            detail: summary(window.frameMetrics), window: window.traceLabel)
        }
        return app.trace
    }

    /// `produced=… dropped=… p50=…ms p90=…ms p99=…ms hitchMsPerS=…`.
    static func summary(_ metrics: FrameMetrics) -> String {
        "produced=\(metrics.framesProduced) dropped=\(metrics.framesDropped)"
            + " p50=\(milliseconds(metrics.p50))ms p90=\(milliseconds(metrics.p90))ms p99=\(milliseconds(metrics.p99))ms"
            + " hitchMsPerS=\(fixed(metrics.hitchMillisecondsPerSecond, places: 1))"
    }

    /// A duration in milliseconds with three decimals, without Foundation.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micro = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return fixed(Double(micro) / 1_000, places: 3)
    }

    static func fixed(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((value * scale).rounded())
        let whole = scaled / Int64(scale)
        let fraction = String(scaled % Int64(scale))
        return places == 0 ? "\(whole)" : "\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
