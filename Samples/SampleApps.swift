import Lifeloop
import LifeloopScenario

extension SampleCatalog {
    /// The built-in apps scenario files can name with `app: {sample: NAME}`.
    public static let apps = AppCatalog([
        AppDefinition(name: "SeedSegue", summary: "seed 004's storyboard app: A presents B modally (L15)",
                      scenes: ["A", "B"], threading: .anyThread) { context in
            let storyboard = try context.app.loadStoryboard(path: SeedSegue.storyboardPath)
            let spec = context.windows[0]
            let window = Window(screen: spec.screen, label: spec.label)
            window.rootViewController = storyboard.instantiateViewController(withIdentifier: spec.root ?? "A")
            window.makeKeyAndVisible()
            context.makeController = { storyboard.instantiateViewController(withIdentifier: $0) }
        },
        AppDefinition(name: "MultiWindow", summary: MultiWindow.sample.summary,
                      scenes: MultiWindow.sceneNames, windows: ["phone", "tablet", "pro"], threading: .anyThread, launch: MultiWindow.launch),
        AppDefinition(name: "UnseededRandom", summary: "a feed that schedules its refresh with Int.random(in:): not deterministic",
                      scenes: [], threading: .anyThread) { context in
            let spec = context.windows[0]
            let window = Window(screen: spec.screen, label: spec.label)
            window.rootViewController = Flaky.UnseededFeed(label: "Feed", seeded: false)
            window.makeKeyAndVisible()
        },
        AppDefinition(name: "SeededRandom", summary: "the same feed drawing from app.random: deterministic", scenes: [], threading: .anyThread) { context in
            let spec = context.windows[0]
            let window = Window(screen: spec.screen, label: spec.label)
            window.rootViewController = Flaky.UnseededFeed(label: "Feed", seeded: true)
            window.makeKeyAndVisible()
        },
        AppDefinition(name: "HashOrder", summary: "a page that traces a Set in iteration order: differs between processes",
                      scenes: [], threading: .anyThread) { context in
            let spec = context.windows[0]
            let window = Window(screen: spec.screen, label: spec.label)
            window.rootViewController = Flaky.HashOrderSettings(label: "Settings")
            window.makeKeyAndVisible()
        },
        Faults.definition,
        Concurrency.definition,
        BackgroundWork.definition,
        BackgroundWork.misuse,
        NetworkFeed.definition,
        RefreshFeed.definition,
        AgentTour.definition,
        AppDefinition(name: "UIKitForm", summary: "UIKit code as written for iOS: a form with UIActions, pushing a page that draws",
                      scenes: ["Details"], threading: .anyThread, launch: UIKitForm.launch),
        ProfileScreen.definition,
        AppDefinition(name: "Contacts", summary: "UIKit code: a contacts table in sections, a search that filters it "
                          + "through a diffable snapshot, a row that pushes the contact",
                      scenes: [], threading: .anyThread, launch: Contacts.launch),
        AppDefinition(name: "LoginApp", summary: "UIKit code: a login form that makes room for the keyboard, return moving to the next field",
                      scenes: [], threading: .anyThread, launch: LoginApp.launch),
        ExploreFaults.definition,
    ])
}

extension MultiWindow {
    /// The pages scripts can push or present.
    static let sceneNames = ["Message", "Compose", "Detail", "Inbox", "Library", "Search", "Settings", "Home"]

    /// The sample's three windows, for scenarios: `phone` (60 Hz) with the `Mail`
    /// navigation stack, `tablet` (120 Hz) with three tabs, `pro` (120 Hz) with `Home`.
    /// A scenario's `windows:` entry with one of these labels sets that window's screen.
    @Sendable static func launch(_ context: LaunchContext) throws {
        func screen(_ label: String, _ standard: Screen) -> Screen {
            context.windows.first { $0.label == label }?.screen ?? standard
        }
        let navigation = Navigation(rootViewController: Page(label: "Inbox"), label: "Mail")
        let phone = Window(screen: screen("phone", .phone), label: "phone")
        phone.rootViewController = navigation
        let tabs = Tabs(viewControllers: [Page(label: "Library"), Page(label: "Search"), Page(label: "Settings")], label: "Tabs")
        let tablet = Window(screen: screen("tablet", .tablet), label: "tablet")
        tablet.rootViewController = tabs
        let pro = Window(screen: screen("pro", proScreen), label: "pro")
        pro.rootViewController = Page(label: "Home")
        phone.makeKeyAndVisible()
        tablet.isHidden = false
        pro.isHidden = false
        context.makeController = { name in sceneNames.contains(name) ? Page(label: name) : nil }
    }
}
