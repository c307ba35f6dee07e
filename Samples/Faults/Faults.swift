import Foundation
import Lifeloop
import LifeloopScenario

/// An app that misbehaves on request, for the daemon's fault handling: pushing `Crash`
/// traps in its `viewDidLoad`, pushing `Hang` never returns from it, and pushing `Chatty`
/// prints to stdout and stderr (which the daemon captures as the app's log, never as
/// protocol). `Home` is the root of a navigation stack.
public enum Faults {
    final class Page: ViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.traceLabel = traceLabel + ".view"
            switch traceLabel {
            case "Crash":
                fatalError("Faults: Crash's viewDidLoad traps on purpose")
            case "Hang":
                // A callback that never returns: the app's requests fail at their deadline.
                while true { sleep(1) }
            case "Chatty":
                print("Chatty: hello on stdout")
                FileHandle.standardError.write(Data("Chatty: hello on stderr\n".utf8))
                fflush(nil)
            default:
                break
            }
        }
    }

    static let scenes = ["Home", "Crash", "Hang", "Chatty", "Plain"]

    static let definition = AppDefinition(
        name: "Faults", summary: "push Crash to trap, Hang to never return, Chatty to print (the daemon's fault tests)",
        scenes: scenes
    ) { context in
        let spec = context.windows[0]
        let window = Window(screen: spec.screen, label: spec.label)
        window.rootViewController = NavigationController(rootViewController: Page(label: "Home"), label: spec.label + ".nav")
        window.makeKeyAndVisible()
        context.makeController = { name in scenes.contains(name) ? Page(label: name) : nil }
    }
}
