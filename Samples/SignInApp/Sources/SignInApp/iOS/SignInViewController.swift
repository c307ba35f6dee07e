import UIKit

/// The sign-in form. The fields sit low on the page, so the keyboard would cover them:
/// the scroll view makes room for it and scrolls the field being edited into view.
class SignInViewController: UIViewController, UITextFieldDelegate {
    private let scrollView = UIScrollView()
    private let headlineLabel = UILabel()
    private let emailField = UITextField()
    private let passwordField = UITextField()
    private let signInButton = UIButton(type: .system)
    private let errorLabel = UILabel()
    private weak var activeField: UITextField?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign In"
        view.backgroundColor = .systemBackground

        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.keyboardDismissMode = .onDrag
        scrollView.accessibilityIdentifier = "form"
        view.addSubview(scrollView)

        let width = view.bounds.width - 40
        headlineLabel.frame = CGRect(x: 20, y: 420, width: width, height: 40)
        headlineLabel.text = "Welcome back"
        headlineLabel.font = .preferredFont(forTextStyle: .largeTitle)
        scrollView.addSubview(headlineLabel)

        emailField.frame = CGRect(x: 20, y: 560, width: width, height: 34)
        emailField.borderStyle = .roundedRect
        emailField.placeholder = "Email"
        emailField.keyboardType = .emailAddress
        emailField.autocapitalizationType = .none
        emailField.autocorrectionType = .no
        emailField.returnKeyType = .next
        emailField.accessibilityIdentifier = "email"
        emailField.delegate = self
        scrollView.addSubview(emailField)

        passwordField.frame = CGRect(x: 20, y: 610, width: width, height: 34)
        passwordField.borderStyle = .roundedRect
        passwordField.placeholder = "Password"
        passwordField.isSecureTextEntry = true
        passwordField.returnKeyType = .go
        passwordField.accessibilityIdentifier = "password"
        passwordField.delegate = self
        scrollView.addSubview(passwordField)

        signInButton.frame = CGRect(x: 20, y: 660, width: width, height: 44)
        signInButton.setTitle("Sign in", for: .normal)
        signInButton.accessibilityIdentifier = "signIn"
        signInButton.addTarget(self, action: #selector(signIn), for: .touchUpInside)
        scrollView.addSubview(signInButton)

        errorLabel.frame = CGRect(x: 20, y: 712, width: width, height: 24)
        errorLabel.textColor = .systemRed
        errorLabel.accessibilityIdentifier = "error"
        errorLabel.isHidden = true
        scrollView.addSubview(errorLabel)

        scrollView.contentSize = CGSize(width: view.bounds.width, height: 760)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil)
        NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    // MARK: Keyboard

    /// The keyboard's frame is in screen coordinates: converted to the view's, the part of
    /// the scroll view it covers (less the bottom safe area the scroll view already keeps
    /// clear) becomes the content's bottom inset.
    @objc func keyboardWillShow(_ notification: Notification) {
        guard let keyboardFrame = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
        let keyboard = view.convert(keyboardFrame, from: nil)
        let overlap = max(0, scrollView.frame.maxY - keyboard.minY)
        scrollView.contentInset.bottom = max(0, overlap - scrollView.safeAreaInsets.bottom)
        if let activeField = activeField {
            scrollView.scrollRectToVisible(activeField.frame.insetBy(dx: 0, dy: -8), animated: true)
        }
    }

    @objc func keyboardWillHide(_ notification: Notification) {
        guard let value = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }
        let keyboard = view.convert(value.cgRectValue, from: nil)
        // The keyboard ends below the screen: it covers nothing.
        let overlap = max(0, scrollView.frame.maxY - keyboard.minY)
        scrollView.contentInset.bottom = max(0, overlap - scrollView.safeAreaInsets.bottom)
    }

    // MARK: UITextFieldDelegate

    func textFieldDidBeginEditing(_ textField: UITextField) {
        activeField = textField
    }

    func textFieldDidEndEditing(_ textField: UITextField) {
        if activeField === textField {
            activeField = nil
        }
    }

    /// Email addresses have no spaces: a space typed or pasted into the email is refused.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        if textField === emailField {
            return !string.contains(" ")
        }
        return true
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if textField === emailField {
            passwordField.becomeFirstResponder()
        } else {
            signIn()
        }
        return true
    }

    // MARK: Signing in

    @objc func signIn() {
        let email = emailField.text ?? ""
        let password = passwordField.text ?? ""
        guard email.contains("@"), email.contains(".") else {
            showError("Enter your email address.")
            return
        }
        guard password.count >= 8 else {
            showError("Your password has at least 8 characters.")
            return
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
