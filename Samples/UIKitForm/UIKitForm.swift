// A sample written as UIKit code for iOS, compiled on Linux against Lifeloop's `UIKit`
// module: a navigation controller with a form (a label, a button, a switch, a text field
// and a bar button), and a detail page the button pushes.
import LifeloopScenario
import UIKit

/// The `UIKitForm` sample (`app: {sample: UIKitForm}` in a scenario, or `app.launch` with
/// `{"sample":"UIKitForm"}` through the daemon).
public enum UIKitForm {
    /// The form: every control wired with `UIAction`s, as iOS 14+ code is.
    final class FormViewController: UIViewController {
        private let greeting = UILabel()
        private let showButton = UIButton(type: .system)
        private let notifications = UISwitch()
        private let nameField = UITextField()

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Settings"
            view.backgroundColor = .systemGroupedBackground
            greeting.text = "Hello"
            greeting.font = .preferredFont(forTextStyle: .title2)
            greeting.frame = CGRect(x: 20, y: view.safeAreaInsets.top + 120, width: view.bounds.width - 40, height: 30)
            greeting.autoresizingMask = [.flexibleWidth]
            greeting.accessibilityIdentifier = "greeting"
            view.addSubview(greeting)

            nameField.placeholder = "Your name"
            nameField.borderStyle = .roundedRect
            nameField.frame = CGRect(x: 20, y: 170, width: view.bounds.width - 40, height: 34)
            nameField.addAction(UIAction { [unowned self] _ in
                greeting.text = "Hello, \(nameField.text ?? "")"
            }, for: .editingChanged)
            view.addSubview(nameField)

            notifications.frame.origin = CGPoint(x: 20, y: 220)
            notifications.addAction(UIAction { [unowned self] _ in
                greeting.textColor = notifications.isOn ? .systemGreen : .label
            }, for: .valueChanged)
            view.addSubview(notifications)

            showButton.setTitle("Show details", for: .normal)
            showButton.frame = CGRect(x: 20, y: 270, width: 160, height: 44)
            showButton.addAction(UIAction { [unowned self] _ in
                let detail = DetailViewController()
                detail.message = greeting.text ?? ""
                navigationController?.pushViewController(detail, animated: true)
            }, for: .touchUpInside)
            view.addSubview(showButton)

            navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, primaryAction: UIAction { [unowned self] _ in
                view.endEditing(true)
            })
        }
    }

    /// The pushed page: it draws a badge in `draw(_:)`.
    final class DetailViewController: UIViewController {
        var message = ""

        final class Badge: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.systemBlue.setFill()
                UIBezierPath(roundedRect: rect.insetBy(dx: 4, dy: 4), cornerRadius: 12).fill()
            }
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Details"
            view.backgroundColor = .systemBackground
            let badge = Badge(frame: CGRect(x: 20, y: 140, width: 120, height: 60))
            badge.isOpaque = false
            view.addSubview(badge)
            let label = UILabel(frame: CGRect(x: 20, y: 220, width: 300, height: 30))
            label.text = message
            view.addSubview(label)
        }
    }

    /// The app: one window, the form at the root of a navigation controller.
    @Sendable public static func launch(_ context: LaunchContext) throws {
        let spec = context.windows[0]
        let window = UIWindow(screen: spec.screen, label: spec.label)
        let form = FormViewController()
        form.traceLabel = "Form"
        let navigation = UINavigationController(rootViewController: form, label: "Nav")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        context.makeController = { name in name == "Details" ? DetailViewController() : nil }
    }
}
