import Foundation
import Testing
// As apps import it: UIKit's names (and Lifeloop's, which it re-exports).
import UIKit

/// The names of the notifications a center posts, in order, with their user info.
private final class Heard: @unchecked Sendable {
    var names: [String] = []
    var userInfos: [[AnyHashable: Any]] = []
    private var token: NSObjectProtocol?
    private let center: NotificationCenter

    init(_ center: NotificationCenter) {
        self.center = center
        // Posted on the app's thread, the only one that reads the log.
        token = center.addObserver(forName: nil, object: nil, queue: nil) { [unowned self] in
            self.names.append($0.name.rawValue)
            self.userInfos.append($0.userInfo ?? [:])
        }
    }

    deinit { if let token { center.removeObserver(token) } }
}

/// The app's trace as `label event detail` lines (the detail, when there is one, is where
/// these services write what happened).
private func lines(_ app: UIApplication) -> [String] {
    app.trace.events.map { $0.detail.isEmpty ? $0.line : "\($0.line) \($0.detail)" }
}

/// A controller with an action reached by name, `save:`, as the port step writes them.
private final class SavingController: UIViewController {
    var saves: [Any?] = []

    override func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
        guard selector.name == "save:" else { return super.lifeloopPerform(selector, with: arguments) }
        saves.append(arguments.first.flatMap { $0 })
        return .performed(nil)
    }

    override func lifeloopResponds(to selector: Selector) -> Bool {
        selector.name == "save:" || super.lifeloopResponds(to: selector)
    }
}

/// A controller that brings back a user activity's state.
private final class ArticleController: UIViewController {
    var restoredType: String?
    override func restoreUserActivityState(_ activity: NSUserActivity) {
        restoredType = activity.activityType
    }
}

/// An app delegate with the optional methods of quick actions, user activities and
/// remote notifications, written as iOS apps write them.
private final class ServicesAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var shortcutTypes: [String] = []
    var continued: [String] = []
    var restorers: [UIUserActivityRestoring] = []
    var payloads: [String] = []

    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void) {
        shortcutTypes.append(shortcutItem.type)
        completionHandler(shortcutItem.type == "com.example.compose")
    }

    func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                     restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return false }
        continued.append(url.absoluteString)
        restorationHandler(restorers)
        return true
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                     fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        payloads.append(userInfo["id"] as? String ?? "?")
        completionHandler(.newData)
    }
}

/// An accessibility element subclass, as chart libraries write them.
private final class BarElement: UIAccessibilityElement {
    override var isAccessibilityElement: Bool {
        get { true }
        set {}
    }
}

@Suite("System services")
struct SystemServicesTests {
    // MARK: UIDevice

    @Test
    func theDeviceIsAPhoneOrAPadAsTheScreenSays() throws {
        do {
            let app = try Application(screen: .phone)
            #expect(UIDevice.current.userInterfaceIdiom == .phone)
            #expect(UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiom.phone)
            #expect(UIDevice.current.model == "iPhone")
            #expect(UIDevice.current.name == "iPhone" && UIDevice.current.localizedModel == "iPhone")
            #expect(UIDevice.current === UIDevice.current, "one device per app")
            _ = app
        }
        let app = try Application(screen: .tablet)
        var isPad = false
        if UIDevice.current.userInterfaceIdiom == .pad { isPad = true }
        #expect(isPad)
        #expect(UI_USER_INTERFACE_IDIOM() == .pad)
        #expect(UIDevice.current.model == "iPad")
        #expect(app.mainScreen == .tablet)
        // The idioms Lifeloop never simulates still exist with UIKit's raw values.
        #expect([UIUserInterfaceIdiom.tv, .carPlay, .mac, .unspecified].map(\.rawValue) == [2, 3, 5, -1])
    }

    @Test
    func theSystemIsTheSimulatedIOSVersion() throws {
        let app = try Application()
        #expect(UIDevice.current.systemName == "iOS")
        #expect(UIDevice.current.systemVersion == "12.0")
        app.uikitVersion = .iOS17
        #expect(UIDevice.current.systemVersion == "17.0")
        #expect(UIDevice.current.isMultitaskingSupported)
        let vendor = try #require(UIDevice.current.identifierForVendor)
        #expect(vendor == UIDevice.current.identifierForVendor && vendor == Device.vendorIdentifier)
        #expect(vendor.uuidString == "4C494645-4C4F-4F50-4000-800000000001")
    }

    @Test
    func theOrientationFollowsTheScreenThenWhatIsSimulated() throws {
        let app = try Application(screen: .phone)
        let device = UIDevice.current
        #expect(device.orientation == .portrait)
        #expect(device.orientation.isPortrait && device.orientation.isValidInterfaceOrientation)
        let heard = Heard(app.notificationCenter)
        app.simulateDeviceOrientation(.landscapeLeft)
        #expect(device.orientation.isLandscape)
        #expect(heard.names.isEmpty, "no notifications unless the app asks for them")
        device.beginGeneratingDeviceOrientationNotifications()
        #expect(device.isGeneratingDeviceOrientationNotifications)
        app.simulateDeviceOrientation(.faceUp)
        app.simulateDeviceOrientation(.faceUp)
        #expect(device.orientation.isFlat && !device.orientation.isValidInterfaceOrientation)
        #expect(heard.names == [UIDevice.orientationDidChangeNotification.rawValue], "once: the second turn changes nothing")
        device.endGeneratingDeviceOrientationNotifications()
        app.simulateDeviceOrientation(.portraitUpsideDown)
        #expect(heard.names.count == 1)
        #expect(lines(app).filter { $0.hasPrefix("device orientation") } == [
            "device orientation landscapeLeft", "device orientation faceUp", "device orientation portraitUpsideDown",
        ])
        #expect(UIDeviceOrientation.portraitUpsideDown.isPortrait && !UIDeviceOrientation.unknown.isValidInterfaceOrientation)
    }

    @Test
    func aLandscapeScreenIsALandscapeDevice() throws {
        let app = try Application(screen: Screen(size: Size(width: 736, height: 414), scale: 3))
        #expect(UIDevice.current.orientation == .landscapeRight)
        _ = app
    }

    @Test
    func theBatteryReadsUnknownUntilMonitoredThenAsSimulated() throws {
        let app = try Application()
        let device = UIDevice.current
        #expect(device.batteryLevel == -1 && device.batteryState == .unknown)
        let heard = Heard(app.notificationCenter)
        device.isBatteryMonitoringEnabled = true
        #expect(device.isBatteryMonitoringEnabled)
        #expect(device.batteryLevel == 1 && device.batteryState == .full)
        app.simulateBattery(level: 0.2, state: .unplugged)
        #expect(device.batteryLevel == 0.2)
        if device.batteryState == .unplugged && device.batteryLevel < 0.25 {
            #expect(heard.names == [UIDevice.batteryStateDidChangeNotification.rawValue,
                                    UIDevice.batteryLevelDidChangeNotification.rawValue])
        } else {
            Issue.record("the simulated battery did not read back")
        }
        app.simulateBattery(level: 7, state: .charging)
        #expect(device.batteryLevel == 1, "clamped")
        #expect(lines(app).contains("device battery 0.2 unplugged"))
        let old: UIDeviceBatteryState = .charging
        #expect(device.batteryState == old)
    }

    @Test
    func aPhoneHasAProximitySensorAndAPadDoesNot() throws {
        do {
            let app = try Application(screen: .phone)
            UIDevice.current.isProximityMonitoringEnabled = true
            #expect(UIDevice.current.isProximityMonitoringEnabled)
            #expect(UIDevice.current.proximityState == false)
            _ = app
        }
        let app = try Application(screen: .tablet)
        UIDevice.current.isProximityMonitoringEnabled = true
        #expect(!UIDevice.current.isProximityMonitoringEnabled)
        UIDevice.current.playInputClick()
        #expect(lines(app).contains("device playInputClick"))
    }

    @Test
    func twoAppsHaveTwoDevices() throws {
        let levels = Locked<[Float]>([])
        let group = DispatchGroup()
        for level in [Float(0.25), 0.75] {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let app = try? Application() else { return }
                UIDevice.current.isBatteryMonitoringEnabled = true
                app.simulateBattery(level: level, state: .unplugged)
                for _ in 0..<200 { _ = UIDevice.current.batteryLevel }
                levels.withLock { $0.append(UIDevice.current.batteryLevel) }
            }.start()
        }
        group.wait()
        #expect(levels.withLock { $0 }.sorted() == [0.25, 0.75])
    }

    // MARK: UIPasteboard

    @Test
    func whatIsCopiedCanBePasted() throws {
        let app = try Application()
        let heard = Heard(app.notificationCenter)
        let pasteboard = UIPasteboard.general
        #expect(!pasteboard.hasStrings && pasteboard.string == nil && pasteboard.numberOfItems == 0)
        let before = pasteboard.changeCount
        UIPasteboard.general.string = "x"
        #expect(UIPasteboard.general.string == "x")
        #expect(UIPasteboard.general.hasStrings && UIPasteboard.general.strings == ["x"])
        #expect(UIPasteboard.general.changeCount == before + 1)
        #expect(heard.names == [UIPasteboard.changedNotification.rawValue])
        #expect(UIPasteboard.general === pasteboard, "one general pasteboard per app")
        #expect(lines(app).contains("pasteboard changed com.apple.UIKit.pboard.general"))

        UIPasteboard.general.strings = ["a", "b"]
        #expect(pasteboard.numberOfItems == 2 && pasteboard.string == "a")
        let url = try #require(URL(string: "https://example.com/a"))
        pasteboard.url = url
        #expect(pasteboard.hasURLs && pasteboard.url == url && pasteboard.urls == [url])
        #expect(!pasteboard.hasStrings, "the URL replaced the text")
        pasteboard.image = UIImage(systemName: "star")
        #expect(pasteboard.hasImages && pasteboard.images?.count == 1 && pasteboard.image?.name == "star")
        pasteboard.color = .red
        #expect(pasteboard.color == .red && pasteboard.hasColors)
        pasteboard.setValue("typed", forPasteboardType: "public.plain-text")
        #expect(pasteboard.string == "typed" && pasteboard.types == ["public.plain-text"])
        #expect(pasteboard.data(forPasteboardType: "public.plain-text") == Data("typed".utf8))
        pasteboard.items = [["public.utf8-plain-text": "one"], ["public.url": url]]
        #expect(pasteboard.items.count == 2 && pasteboard.string == "one" && pasteboard.url == url)
        pasteboard.string = nil
        #expect(pasteboard.numberOfItems == 0)
        #expect(pasteboard.changeCount == before + 8, "one change per write")
    }

    @Test
    func namedPasteboardsShareTheirContents() throws {
        let app = try Application()
        let name = UIPasteboard.Name("com.example.drafts")
        #expect(UIPasteboard(name: name, create: false) == nil)
        let first = try #require(UIPasteboard(name: name, create: true))
        first.string = "draft"
        let second = try #require(UIPasteboard(name: name, create: false))
        #expect(second.string == "draft" && second.changeCount == 1)
        let unique = UIPasteboard.withUniqueName(), other = UIPasteboard.withUniqueName()
        #expect(unique.name != other.name && unique.name != .general && !unique.hasStrings)
        #expect(UIPasteboard.general.name == UIPasteboard.Name.general)
        UIPasteboard.remove(withName: name)
        #expect(UIPasteboard(name: name, create: false) == nil)
        _ = app
    }

    @Test
    func twoAppsDoNotShareThePasteboard() throws {
        do {
            let app = try Application()
            UIPasteboard.general.string = "from the first app"
            _ = app
        }
        do {
            let app = try Application()
            #expect(UIPasteboard.general.string == nil, "a new app starts with an empty pasteboard")
            _ = app
        }
        let pasted = Locked<[String]>([])
        let group = DispatchGroup()
        for text in ["a", "b"] {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let app = try? Application() else { return }
                for index in 0..<200 { UIPasteboard.general.string = "\(text)\(index)" }
                pasted.withLock { $0.append("\(UIPasteboard.general.string ?? "nil") \(UIPasteboard.general.changeCount)") }
                _ = app
            }.start()
        }
        group.wait()
        #expect(pasted.withLock { $0 }.sorted() == ["a199 200", "b199 200"])
    }

    // MARK: UIAccessibility

    @Test
    func postedNotificationsAreTraced() throws {
        let app = try Application()
        let controller = ViewController(label: "A")
        _ = try showInWindow(controller, app: app)
        UIAccessibility.post(notification: .announcement, argument: "Saved")
        UIAccessibility.post(notification: .layoutChanged, argument: controller.view)
        UIAccessibility.post(notification: .screenChanged, argument: nil)
        UIAccessibility.post(notification: .pageScrolled, argument: "Page 2 of 3")
        #expect(lines(app).filter { $0.hasPrefix("accessibility ") } == [
            "accessibility announcement Saved", "accessibility layoutChanged \(controller.view.traceLabel)", "accessibility screenChanged",
            "accessibility pageScrolled Page 2 of 3",
        ])
        let heard = Heard(app.notificationCenter)
        try app.settle()
        #expect(heard.names.isEmpty, "no VoiceOver, so nothing was spoken")
    }

    @Test
    func theSettingsAreTheApps() throws {
        let app = try Application()
        #expect(!UIAccessibility.isVoiceOverRunning && !UIAccessibility.isReduceMotionEnabled)
        #expect(!UIAccessibility.isReduceTransparencyEnabled && !UIAccessibility.isBoldTextEnabled)
        #expect(!UIAccessibility.isSwitchControlRunning && !UIAccessibility.isGrayscaleEnabled)
        #expect(!UIAccessibility.isInvertColorsEnabled && !UIAccessibility.isDarkerSystemColorsEnabled)
        #expect(!UIAccessibility.isClosedCaptioningEnabled && UIAccessibility.isShakeToUndoEnabled)
        let heard = Heard(app.notificationCenter)
        app.accessibilitySettings.isReduceMotionEnabled = true
        app.accessibilitySettings.isVoiceOverRunning = true
        let duration = UIAccessibility.isReduceMotionEnabled ? 0 : 0.3
        #expect(duration == 0)
        #expect(UIAccessibility.isVoiceOverRunning)
        #expect(heard.names == [UIAccessibility.reduceMotionStatusDidChangeNotification.rawValue,
                                Notification.Name(UIAccessibility.voiceOverStatusDidChangeNotification.rawValue).rawValue])
        #expect(lines(app).contains("accessibility voiceOver true"))
        UIAccessibility.post(notification: .announcement, argument: "Saved")
        try app.settle()
        #expect(heard.names.last == UIAccessibility.announcementDidFinishNotification.rawValue)
        #expect(heard.userInfos.last?[UIAccessibility.announcementStringValueUserInfoKey] as? String == "Saved")
    }

    @Test
    func viewsAndElementsKeepTheirAccessibility() throws {
        let app = try Application()
        let controller = ViewController(label: "A")
        _ = try showInWindow(controller, app: app)
        let button = UIButton(type: .system), label = UILabel(), plain = UIView()
        #expect(button.accessibilityTraits == .button && label.accessibilityTraits == .staticText)
        #expect(label.isAccessibilityElement && button.isAccessibilityElement && !plain.isAccessibilityElement)
        button.accessibilityHint = "Saves the draft"
        button.accessibilityValue = "3 changes"
        label.accessibilityTraits = [.header, .updatesFrequently]
        plain.isAccessibilityElement = true
        plain.accessibilityElementsHidden = true
        #expect(button.accessibilityHint == "Saves the draft" && button.accessibilityValue == "3 changes")
        #expect(label.accessibilityTraits.contains(.header) && !label.accessibilityTraits.contains(.staticText))
        #expect(plain.isAccessibilityElement && plain.accessibilityElementsHidden)

        let chart = UIView(frame: CGRect(x: 10, y: 100, width: 200, height: 100))
        controller.view.addSubview(chart)
        let bar = BarElement(accessibilityContainer: chart)
        bar.accessibilityLabel = "March"
        bar.accessibilityValue = "42"
        bar.accessibilityTraits = .image
        bar.accessibilityIdentifier = "bar-3"
        bar.accessibilityFrameInContainerSpace = CGRect(x: 20, y: 10, width: 30, height: 80)
        #expect(bar.accessibilityFrame.origin == CGPoint(x: 30, y: 110), "in the window's coordinates")
        chart.frame.origin.x = 50
        #expect(bar.accessibilityFrame.minX == 70, "it follows its container")
        #expect(bar.accessibilityContainer as? UIView === chart)
        chart.accessibilityElements = [bar]
        #expect((chart.accessibilityElements?.first as? UIAccessibilityElement)?.accessibilityLabel == "March")
        let free = UIAccessibilityElement(accessibilityContainer: chart)
        free.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(free.accessibilityFrame == CGRect(x: 1, y: 2, width: 3, height: 4) && free.isAccessibilityElement)
        UIAccessibility.post(notification: .layoutChanged, argument: bar)
        #expect(lines(app).contains("accessibility layoutChanged March"))
    }

    // MARK: Haptics

    @Test
    func feedbackIsTraced() throws {
        let app = try Application()
        let impact = UIImpactFeedbackGenerator(style: .medium)
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.5)
        UIImpactFeedbackGenerator(style: .rigid).impactOccurred()
        UISelectionFeedbackGenerator().selectionChanged()
        let notification = UINotificationFeedbackGenerator()
        notification.notificationOccurred(.success)
        notification.notificationOccurred(.error)
        let generator: UIFeedbackGenerator = UISelectionFeedbackGenerator()
        generator.prepare()
        #expect(lines(app).filter { $0.contains("FeedbackGenerator#") } == [
            "ImpactFeedbackGenerator#1 prepare", "ImpactFeedbackGenerator#1 impactOccurred medium",
            "ImpactFeedbackGenerator#1 impactOccurred medium 0.5", "ImpactFeedbackGenerator#2 impactOccurred rigid",
            "SelectionFeedbackGenerator#1 selectionChanged", "NotificationFeedbackGenerator#1 notificationOccurred success",
            "NotificationFeedbackGenerator#1 notificationOccurred error", "SelectionFeedbackGenerator#2 prepare",
        ])
        #expect(UIImpactFeedbackGenerator().style == .medium)
        #expect([UIImpactFeedbackGenerator.FeedbackStyle.light, .heavy, .soft].map(\.rawValue) == [0, 2, 3])
        #expect(UINotificationFeedbackGenerator.FeedbackType.warning.rawValue == 1)
    }

    // MARK: UIApplication

    @Test
    func theApplicationsSystemFacts() throws {
        let app = try Application(screen: .phone)
        #expect(UIApplication.openSettingsURLString == "app-settings:")
        if let url = URL(string: UIApplication.openSettingsURLString) { UIApplication.shared.open(url) }
        #expect(lines(app).contains("app open app-settings:"))
        #expect(UIApplication.shared.statusBarFrame == CGRect(x: 0, y: 0, width: 414, height: 20))
        #expect(UIApplication.shared.backgroundTimeRemaining == .greatestFiniteMagnitude)
        app.enterBackground()
        #expect(UIApplication.shared.backgroundTimeRemaining == 30)
        let category = UIApplication.shared.preferredContentSizeCategory
        #expect(category == .large && !category.isAccessibilityCategory)
        #expect(category < .accessibilityExtraLarge && UIContentSizeCategory.accessibilityMedium > .extraExtraExtraLarge)
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        let controller = UIViewController()
        let large = controller.traitCollection.preferredContentSizeCategory >= .accessibilityExtraLarge
        #expect(!large && controller.traitCollection.preferredContentSizeCategory == .large)
        #expect([UIBackgroundFetchResult.newData, .noData, .failed].map(\.rawValue) == [0, 1, 2])
    }

    @Test
    func quickActionsReachTheDelegate() throws {
        let app = try Application()
        let delegate = ServicesAppDelegate()
        try app.launch(delegate: delegate)
        try app.settle()
        let compose = UIMutableApplicationShortcutItem(type: "com.example.compose", localizedTitle: "New")
        compose.localizedSubtitle = "A draft"
        compose.icon = UIApplicationShortcutIcon(type: .compose)
        let search = UIApplicationShortcutItem(type: "com.example.search", localizedTitle: "Search", localizedSubtitle: nil,
                                               icon: UIApplicationShortcutIcon(systemImageName: "magnifyingglass"),
                                               userInfo: ["scope": NSString(string: "all")])
        UIApplication.shared.shortcutItems = [compose, search]
        #expect(UIApplication.shared.shortcutItems?.map(\.localizedTitle) == ["New", "Search"])
        #expect(search.icon?.systemImageName == "magnifyingglass" && compose.icon?.type == .compose)
        #expect((search.userInfo?["scope"] as? NSString) == "all")
        var results: [Bool] = []
        app.performShortcutItem(compose) { results.append($0) }
        app.performShortcutItem(search) { results.append($0) }
        #expect(delegate.shortcutTypes == ["com.example.compose", "com.example.search"])
        #expect(results == [true, false])
        #expect(lines(app).contains("ServicesAppDelegate#1 performActionFor com.example.compose"))
        let options: [UIApplication.LaunchOptionsKey: Any] = [UIApplicationLaunchOptionsShortcutItemKey: compose]
        #expect((options[.shortcutItem] as? UIApplicationShortcutItem)?.type == "com.example.compose")
    }

    @Test
    func aUserActivityIsContinuedAndRestored() throws {
        let app = try Application()
        let delegate = ServicesAppDelegate()
        let article = ArticleController(label: "Article")
        delegate.restorers = [article]
        try app.launch(delegate: delegate)
        try app.settle()
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: "https://example.com/articles/7")
        activity.title = "Article 7"
        activity.userInfo = ["id": 7]
        activity.addUserInfoEntries(from: ["section": "news"])
        #expect(activity.userInfo?.count == 2)
        #expect(app.continueUserActivity(activity))
        #expect(delegate.continued == ["https://example.com/articles/7"])
        #expect(article.restoredType == NSUserActivityTypeBrowsingWeb)
        #expect(!app.continueUserActivity(NSUserActivity(activityType: "com.example.other")))

        let reading = NSUserActivity(activityType: "com.example.reading")
        reading.isEligibleForSearch = true
        reading.isEligibleForHandoff = false
        reading.isEligibleForPublicIndexing = true
        article.userActivity = reading
        #expect(article.userActivity === reading && ViewController().userActivity == nil)
        reading.becomeCurrent()
        #expect(app.currentUserActivity === reading)
        reading.resignCurrent()
        #expect(app.currentUserActivity == nil)
        reading.becomeCurrent()
        reading.invalidate()
        reading.becomeCurrent()
        #expect(app.currentUserActivity == nil && !reading.isValid)
        #expect(lines(app).filter { $0.hasPrefix("userActivity ") } == [
            "userActivity becomeCurrent com.example.reading", "userActivity resignCurrent com.example.reading",
            "userActivity becomeCurrent com.example.reading", "userActivity invalidate com.example.reading",
        ])
    }

    @Test
    func aRemoteNotificationReachesTheDelegate() throws {
        let app = try Application()
        let delegate = ServicesAppDelegate()
        try app.launch(delegate: delegate)
        var result: UIBackgroundFetchResult?
        app.receiveRemoteNotification(["id": "n1"]) { result = $0 }
        #expect(delegate.payloads == ["n1"] && result == .newData)
        #expect(lines(app).contains("ServicesAppDelegate#1 didReceiveRemoteNotification"))
    }

    @Test
    func sendActionGoesUpTheResponderChain() throws {
        let app = try Application()
        let controller = SavingController(label: "Saving")
        _ = try showInWindow(controller, app: app)
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        controller.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        let sender = UIButton(type: .system)
        #expect(UIApplication.shared.sendAction(Selector("save:"), to: nil, from: sender, for: nil))
        #expect(controller.saves.count == 1 && controller.saves.first as? UIButton === sender)
        #expect(UIApplication.shared.sendAction(NSSelectorFromString("save:"), to: controller, from: nil, for: nil))
        #expect(controller.saves.count == 2)
        #expect(!UIApplication.shared.sendAction(Selector("nobodyHasThis"), to: nil, from: nil, for: nil))
        // Dismissing the keyboard, as apps do.
        UIApplication.shared.sendAction(Selector("resignFirstResponder"), to: nil, from: nil, for: nil)
        #expect(!field.isFirstResponder)
        #expect(lines(app).filter { $0.hasPrefix("app sendAction") }.count == 4)
        #expect(NSStringFromSelector(NSSelectorFromString("tableView:didSelectRowAtIndexPath:")) == "tableView:didSelectRowAtIndexPath:")
    }

    @Test
    func applicationMainSaysHowToLaunchInstead() async {
        await #expect(processExitsWith: .failure) {
            _ = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, "AppDelegate")
        }
    }

    // MARK: UIFontMetrics and the Foundation gaps

    @Test
    func fontMetricsAreTheIdentityAtTheDefaultSize() throws {
        let body = UIFont.preferredFont(forTextStyle: .body)
        #expect(UIFontMetrics.default.scaledFont(for: body) == body)
        let title = UIFontMetrics(forTextStyle: .title1).scaledFont(for: UIFont.systemFont(ofSize: 40), maximumPointSize: 30)
        #expect(title.pointSize == 30)
        #expect(UIFontMetrics(forTextStyle: .title1).scaledFont(for: body, maximumPointSize: 30) == body)
        #expect(UIFontMetrics.default.scaledValue(for: 44) == 44)
        #expect(UIFontMetrics(forTextStyle: .caption1).textStyle == .caption1)
    }

    @Test
    func foundationNamesLinuxLacks() {
        let insets = UIEdgeInsets(top: 0, left: CGFLOAT_MAX, bottom: 0, right: 0)
        #expect(insets.left == .greatestFiniteMagnitude)
        let dashes: [CGFloat] = [8, CGFLOAT_MAX]
        #expect(dashes[1] > 1e300 && CGFLOAT_MIN > 0)
        // Foundation's own, already on Linux: they must stay unambiguous next to UIKit.
        #expect(NSNotFound == Int.max && NSURLErrorCancelled == -999 && NSURLErrorDomain == "NSURLErrorDomain")
        #expect(!NSLocalizedDescriptionKey.isEmpty && !NSLocalizedFailureReasonErrorKey.isEmpty && !NSUnderlyingErrorKey.isEmpty)
    }
}
