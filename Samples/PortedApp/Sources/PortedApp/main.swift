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
let counter = CounterViewController(label: "Counter")
let log = Log()
counter.delegate = log
// What an Interface Builder file does: outlets set by name (the weak outlet's label is
// kept here, as a nib's view hierarchy would keep it).
let label = UILabel()
let plus = UIButton(type: .system), minus = UIButton(type: .system)
plus.setTitle("+", for: .normal)
minus.setTitle("-", for: .normal)
precondition(counter.lifeloopSetOutlet(named: "valueLabel", to: label))
precondition(counter.lifeloopSetOutlet(named: "stepButtons", to: [plus, minus]))
let window = UIWindow(screen: .phone, label: "main")
let navigation = UINavigationController(rootViewController: counter, label: "Nav")
window.rootViewController = navigation
window.makeKeyAndVisible()
try app.settle()

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
