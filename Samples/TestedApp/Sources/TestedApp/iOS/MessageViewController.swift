import UIKit

/// One message, pushed from the inbox.
class MessageViewController: UIViewController {
    @IBOutlet weak var bodyLabel: UILabel!

    var text: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Message"
        bodyLabel.text = text ?? "(no message)"
    }
}
