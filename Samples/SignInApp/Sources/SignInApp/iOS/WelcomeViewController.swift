import UIKit

/// The page a successful sign-in pushes.
class WelcomeViewController: UIViewController {
    private let email: String
    private let greetingLabel = UILabel()

    init(email: String) {
        self.email = email
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Welcome"
        view.backgroundColor = .systemBackground
        greetingLabel.frame = CGRect(x: 20, y: 140, width: view.bounds.width - 40, height: 30)
        greetingLabel.text = "Welcome, \(email)"
        greetingLabel.accessibilityIdentifier = "welcome"
        view.addSubview(greetingLabel)
    }
}
