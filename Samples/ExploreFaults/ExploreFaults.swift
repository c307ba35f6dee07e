// A sample written as UIKit code with four faults planted where a crawler has to walk to
// find them (`lifeloop explore sample:ExploreFaults`): a crash three taps deep, a pushed
// page that keeps itself alive through a closure, a page whose constraints conflict, and a
// sign-up field that never lets the app settle once an email address is typed into it.
import LifeloopScenario
import UIKit

/// The `ExploreFaults` sample (`app: {sample: ExploreFaults}` in a scenario): six pages
/// reachable by taps from `Home`, four of them with a planted fault.
public enum ExploreFaults {
    /// A page of buttons, each pushing the page its closure makes.
    class MenuViewController: UIViewController {
        let entries: [(title: String, identifier: String, make: () -> UIViewController)]

        init(title: String, entries: [(title: String, identifier: String, make: () -> UIViewController)]) {
            self.entries = entries
            super.init(nibName: nil, bundle: nil)
            self.title = title
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            for (index, entry) in entries.enumerated() {
                let button = UIButton(type: .system)
                button.setTitle(entry.title, for: .normal)
                button.accessibilityIdentifier = entry.identifier
                button.traceLabel = entry.identifier
                button.frame = CGRect(x: 20, y: 120 + CGFloat(index) * 60, width: view.bounds.width - 40, height: 44)
                let make = entry.make
                button.addAction(UIAction { [unowned self] _ in
                    navigationController?.pushViewController(make(), animated: true)
                }, for: .touchUpInside)
                view.addSubview(button)
            }
        }
    }

    /// Three taps from launch (Settings, Advanced, Reset everything): a trap.
    final class AdvancedViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Advanced"
            view.backgroundColor = .systemBackground
            let reset = UIButton(type: .system)
            reset.setTitle("Reset everything", for: .normal)
            reset.accessibilityIdentifier = "reset"
            reset.traceLabel = "reset"
            reset.frame = CGRect(x: 20, y: 120, width: view.bounds.width - 40, height: 44)
            reset.addAction(UIAction { _ in
                fatalError("ExploreFaults: Reset everything traps on purpose")
            }, for: .touchUpInside)
            view.addSubview(reset)
        }
    }

    /// A retain cycle: the refresh handler is a closure stored on the page that captures
    /// the page strongly, so popping the page never frees it.
    final class ProfileViewController: UIViewController {
        var onRefresh: (() -> Void)?
        let nameLabel = UILabel()

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Profile"
            view.backgroundColor = .systemBackground
            nameLabel.text = "Ada Lovelace"
            nameLabel.frame = CGRect(x: 20, y: 120, width: view.bounds.width - 40, height: 30)
            view.addSubview(nameLabel)
            onRefresh = { self.nameLabel.text = "Ada Lovelace (refreshed)" }
        }
    }

    /// Two required widths for one box: Auto Layout cannot satisfy both.
    final class LayoutViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Layout"
            view.backgroundColor = .systemBackground
            let box = UIView()
            box.traceLabel = "box"
            box.backgroundColor = .systemBlue
            box.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(box)
            NSLayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: view.topAnchor, constant: 120),
                box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                box.heightAnchor.constraint(equalToConstant: 44),
                box.widthAnchor.constraint(equalToConstant: 100),
                box.widthAnchor.constraint(equalToConstant: 200),
            ])
        }
    }

    /// An email field that starts checking the address every 10 ms once it holds an `@`,
    /// and never stops: the app never settles again.
    final class SignUpViewController: UIViewController {
        let emailField = UITextField()
        private var checking = false
        private(set) var checks = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Sign up"
            view.backgroundColor = .systemBackground
            emailField.placeholder = "Email"
            emailField.borderStyle = .roundedRect
            emailField.keyboardType = .emailAddress
            emailField.accessibilityIdentifier = "email"
            emailField.traceLabel = "email"
            emailField.frame = CGRect(x: 20, y: 120, width: view.bounds.width - 40, height: 34)
            emailField.addAction(UIAction { [unowned self] _ in emailChanged() }, for: .editingChanged)
            view.addSubview(emailField)
        }

        private func emailChanged() {
            guard !checking, (emailField.text ?? "").contains("@"), let app = application else { return }
            checking = true
            _ = try? app.loop.scheduleRepeating(every: .milliseconds(10), label: "SignUp.check") { [weak self] in self?.checks += 1 }
        }
    }

    /// The root page and what each of its buttons pushes.
    static func home() -> UIViewController {
        MenuViewController(title: "Home", entries: [
            ("Settings", "settings", {
                MenuViewController(title: "Settings", entries: [("Advanced", "advanced", { AdvancedViewController() })])
            }),
            ("Profile", "profile", { ProfileViewController() }),
            ("Layout", "layout", { LayoutViewController() }),
            ("Sign up", "signup", { SignUpViewController() }),
        ])
    }

    /// The app: one window, `Home` at the root of a navigation controller.
    @Sendable public static func launch(_ context: LaunchContext) throws {
        let spec = context.windows[0]
        let window = UIWindow(screen: spec.screen, label: spec.label)
        let home = home()
        home.traceLabel = "Home"
        window.rootViewController = UINavigationController(rootViewController: home, label: "Nav")
        window.makeKeyAndVisible()
    }

    /// The sample's entry in the catalogue.
    static let definition = AppDefinition(
        name: "ExploreFaults",
        summary: "UIKit code with planted faults for `lifeloop explore`: a crash three taps deep, a leaking pushed page, "
            + "conflicting constraints, a field that never settles after an email address",
        scenes: [], threading: .anyThread, launch: launch)
}
