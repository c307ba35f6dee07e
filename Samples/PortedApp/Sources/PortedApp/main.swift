// The Linux launcher: runs the iOS sources (ported by LifeloopPortPlugin) on a Lifeloop
// app with a virtual clock, works the UI as a user would, and prints the trace.
import Lifeloop
import UIKit

/// Logs the delegate calls, the optional ones included.
final class Log: CounterViewControllerDelegate {
    func counterViewController(_ controller: CounterViewController, didChangeTo value: Int) {
        print("delegate: value \(value)")
    }
}

MainThread.installExecutors()
let app = try Application(clock: .virtual)
// The app's bundle: the folder with its storyboard; its Swift classes are in this module.
app.bundlePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources").path
app.moduleNames = [String(#fileID.prefix { $0 != "/" })]  // this module's name
// Main.storyboard as Xcode wrote it: a navigation controller whose root is the counter
// scene; its label and buttons reach the controller's outlets by name.
let storyboard = UIStoryboard(name: "Main", bundle: nil)
guard let navigation = storyboard.instantiateInitialViewController() as? UINavigationController,
      let counter = navigation.viewControllers.first as? CounterViewController else {
    fatalError("Main.storyboard did not give a navigation controller with the counter: \(app.diagnostics)")
}
let log = Log()
counter.delegate = log
let window = UIWindow(screen: .phone, label: "main")
window.rootViewController = navigation
window.makeKeyAndVisible()
try app.settle()
let plus = counter.stepButtons[0], minus = counter.stepButtons[1]

app.tap(plus)
app.tap(plus)
app.tap(minus)
try app.settle()
print("label: \(counter.valueLabel.text ?? "")")
try app.advance(by: .milliseconds(3500))
app.tap(barButtonItem: counter.navigationItem.rightBarButtonItem!, in: counter)
try app.settle()
print("label after reset: \(counter.valueLabel.text ?? "")")
print("diagnostics: \(app.diagnostics.count)")
print("--- trace ---")
for line in app.trace.lines where line.hasPrefix("Counter ") || line.contains("tap") {
    print(line)
}
