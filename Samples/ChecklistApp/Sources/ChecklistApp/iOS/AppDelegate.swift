import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let checklist = ChecklistViewController(style: .plain)
        // UI tests launch with sample items: `launchEnvironment["CHECKLIST_SAMPLE_ITEMS"] = "3"`.
        if let count = Int(ProcessInfo.processInfo.environment["CHECKLIST_SAMPLE_ITEMS"] ?? "") {
            checklist.items = (0..<count).map { "Item \($0 + 1)" }
        }
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: checklist)
        window?.makeKeyAndVisible()
        return true
    }
}
