// A sample written as UIKit code for iOS, compiled on Linux against Lifeloop's `UIKit`
// module: a login form in a scroll view that makes room for the software keyboard, an
// email field whose return moves to the password, a password field whose return signs in,
// and a welcome page the sign-in pushes.
import LifeloopScenario
import UIKit

/// The `LoginApp` sample (`app: {sample: LoginApp}` in a scenario, or `app.launch` with
/// `{"sample":"LoginApp"}` through the daemon).
public enum LoginApp {
    /// The form: the fields sit low on the page, so the keyboard covers them unless the
    /// scroll view makes room and scrolls the field being edited into view.
    final class LoginViewController: UIViewController, UITextFieldDelegate {
        let scrollView = UIScrollView()
        let emailField = UITextField()
        let passwordField = UITextField()
        let signInButton = UIButton(type: .system)
        let errorLabel = UILabel()
        private let headline = UILabel()
        private weak var activeField: UITextField?
        private var keyboardObservers: [NSObjectProtocol] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Sign in"
            view.backgroundColor = .systemBackground

            scrollView.frame = view.bounds
            scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            scrollView.keyboardDismissMode = .onDrag
            scrollView.accessibilityIdentifier = "form"
            view.addSubview(scrollView)

            let width = view.bounds.width - 40
            headline.text = "Welcome back"
            headline.font = .preferredFont(forTextStyle: .largeTitle)
            headline.frame = CGRect(x: 20, y: 420, width: width, height: 40)
            scrollView.addSubview(headline)

            emailField.placeholder = "Email"
            emailField.borderStyle = .roundedRect
            emailField.keyboardType = .emailAddress
            emailField.autocapitalizationType = .none
            emailField.autocorrectionType = .no
            emailField.returnKeyType = .next
            emailField.accessibilityIdentifier = "email"
            emailField.traceLabel = "email"
            emailField.delegate = self
            emailField.frame = CGRect(x: 20, y: 560, width: width, height: 34)
            scrollView.addSubview(emailField)

            passwordField.placeholder = "Password"
            passwordField.borderStyle = .roundedRect
            passwordField.isSecureTextEntry = true
            passwordField.returnKeyType = .go
            passwordField.accessibilityIdentifier = "password"
            passwordField.traceLabel = "password"
            passwordField.delegate = self
            passwordField.frame = CGRect(x: 20, y: 610, width: width, height: 34)
            scrollView.addSubview(passwordField)

            signInButton.setTitle("Sign in", for: .normal)
            signInButton.accessibilityIdentifier = "signIn"
            signInButton.frame = CGRect(x: 20, y: 660, width: width, height: 44)
            signInButton.addAction(UIAction { [unowned self] _ in signIn() }, for: .touchUpInside)
            scrollView.addSubview(signInButton)

            errorLabel.textColor = .systemRed
            errorLabel.accessibilityIdentifier = "error"
            errorLabel.isHidden = true
            errorLabel.frame = CGRect(x: 20, y: 712, width: width, height: 24)
            scrollView.addSubview(errorLabel)

            scrollView.contentSize = CGSize(width: view.bounds.width, height: 760)
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            // The keyboard's notifications come on the main thread, the controller's own,
            // so the blocks may use it (Swift 6 cannot see that: Lifeloop's controllers are
            // not main-actor classes as UIKit's are).
            nonisolated(unsafe) weak var controller = self
            // Ported code writes `NotificationCenter.default`; the port step makes it this (see Samples/SignInApp).
            let center = NotificationCenter.lifeloopDefault
            keyboardObservers = [
                center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { note in
                    controller?.keyboardWillShow(note)
                },
                center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: nil) { note in
                    controller?.keyboardWillHide(note)
                },
            ]
        }

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            keyboardObservers.forEach(NotificationCenter.lifeloopDefault.removeObserver)
            keyboardObservers = []
        }

        /// The keyboard's frame comes in screen coordinates: converted to the view's, the
        /// part of the scroll view it covers (less the bottom safe area the scroll view
        /// already keeps clear) becomes the content's bottom inset.
        func keyboardWillShow(_ notification: Notification) {
            guard let value = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }
            let keyboard = view.convert(value.cgRectValue, from: view.window)
            let overlap = max(0, scrollView.frame.maxY - keyboard.minY)
            scrollView.contentInset.bottom = max(0, overlap - scrollView.safeAreaInsets.bottom)
            // The scroll indicator's insets would follow here (`verticalScrollIndicatorInsets`):
            // Lifeloop's scroll view draws no indicator and has no such property.
            if let activeField {
                scrollView.scrollRectToVisible(activeField.frame.insetBy(dx: 0, dy: -8), animated: true)
            }
        }

        func keyboardWillHide(_ notification: Notification) {
            scrollView.contentInset.bottom = 0
        }

        // MARK: UITextFieldDelegate

        func textFieldDidBeginEditing(_ textField: UITextField) {
            activeField = textField
            scrollView.scrollRectToVisible(textField.frame.insetBy(dx: 0, dy: -8), animated: true)
        }

        func textFieldDidEndEditing(_ textField: UITextField) {
            if activeField === textField { activeField = nil }
        }

        /// Email addresses have no spaces: a space typed or pasted into the email is refused.
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                       replacementString string: String) -> Bool {
            guard textField === emailField else { return true }
            return !string.contains(" ")
        }

        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            if textField === emailField {
                passwordField.becomeFirstResponder()
            } else {
                textField.resignFirstResponder()
                signIn()
            }
            return true
        }

        // MARK: Signing in

        func signIn() {
            let email = emailField.text ?? ""
            let password = passwordField.text ?? ""
            guard email.contains("@"), email.contains("."), !email.hasPrefix("@") else {
                return showError("Enter your email address.")
            }
            guard password.count >= 8 else {
                return showError("Your password has at least 8 characters.")
            }
            errorLabel.isHidden = true
            view.endEditing(true)
            navigationController?.pushViewController(WelcomeViewController(email: email), animated: true)
        }

        private func showError(_ message: String) {
            errorLabel.text = message
            errorLabel.isHidden = false
        }
    }

    /// The page a successful sign-in pushes.
    final class WelcomeViewController: UIViewController {
        let email: String
        let greeting = UILabel()

        init(email: String) {
            self.email = email
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Welcome"
            view.backgroundColor = .systemBackground
            greeting.text = "Signed in as \(email)"
            greeting.accessibilityIdentifier = "welcome"
            greeting.frame = CGRect(x: 20, y: 140, width: view.bounds.width - 40, height: 30)
            view.addSubview(greeting)
        }
    }

    /// The app: one window, the form at the root of a navigation controller.
    @Sendable public static func launch(_ context: LaunchContext) throws {
        let spec = context.windows[0]
        let window = UIWindow(screen: spec.screen, label: spec.label)
        let login = LoginViewController()
        login.traceLabel = "Login"
        let navigation = UINavigationController(rootViewController: login, label: "Nav")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }
}
