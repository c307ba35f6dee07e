import UIKit

/// One item, renamed in a text field and saved from the navigation bar (or return).
class ItemViewController: UIViewController, UITextFieldDelegate {
    var onSave: ((String) -> Void)?
    private let name: String
    private let nameField = UITextField()

    init(name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = name
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .save, target: self, action: #selector(save))
        nameField.frame = CGRect(x: 20, y: 120, width: view.bounds.width - 40, height: 44)
        nameField.borderStyle = .roundedRect
        nameField.placeholder = "Name"
        nameField.text = name
        nameField.accessibilityIdentifier = "nameField"
        nameField.returnKeyType = .done
        nameField.delegate = self
        view.addSubview(nameField)
    }

    @objc func save() {
        onSave?(nameField.text ?? "")
        navigationController?.popViewController(animated: true)
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        save()
        return true
    }
}
