import Foundation
import Lifeloop
import LifeloopScenario

/// An app that misbehaves on request, for the daemon's fault handling: pushing `Crash`
/// traps in its `viewDidLoad`, pushing `Hang` never returns from it, and pushing `Chatty`
/// prints to stdout and stderr (which the daemon captures as the app's log, never as
/// protocol). Pushing `Orphan` exits the app while a child it started keeps the app's
/// stdout and stderr open and writes to them a second later. `Home` is the root of a
/// navigation stack.
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
            case "Orphan":
                // The pipes outlive the process: the daemon hears the exit first, the last
                // output and the pipes' end after it has let the app go.
                let child = Process()
                child.executableURL = URL(fileURLWithPath: "/bin/sh")
                child.arguments = ["-c", "sleep 1; echo 'Orphan: late on stdout'; echo 'Orphan: late on stderr' >&2"]
                try? child.run()
                exit(3)
            case "Chatty":
                print("Chatty: hello on stdout")
                FileHandle.standardError.write(Data("Chatty: hello on stderr\n".utf8))
                fflush(nil)
            default:
                break
            }
        }
    }

    static let scenes = ["Home", "Crash", "Hang", "Chatty", "Orphan", "Plain"]

    static let definition = AppDefinition(
        name: "Faults", summary: "push Crash to trap, Hang to never return, Chatty to print, Orphan to exit with its pipes held open (the daemon's fault tests)",
        scenes: scenes
    ) { context in
        let spec = context.windows[0]
        let window = Window(screen: spec.screen, label: spec.label)
        window.rootViewController = NavigationController(rootViewController: Page(label: "Home"), label: spec.label + ".nav")
        window.makeKeyAndVisible()
        context.makeController = { name in scenes.contains(name) ? Page(label: name) : nil }
    }
}
