import UIKit

/// The inbox: how many messages there are, a button that opens the first one (a storyboard
/// segue) and one that archives it (an action).
class InboxViewController: UIViewController {
    @IBOutlet weak var summaryLabel: UILabel!
    @IBOutlet weak var openButton: UIButton!

    var messages = ["Welcome to the inbox", "Your tests run on a virtual clock"]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        showSummary()
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "showMessage", let message = segue.destination as? MessageViewController {
            message.text = messages.first
        }
    }

    @IBAction func archiveTapped(_ sender: UIButton) {
        guard !messages.isEmpty else { return }
        messages.removeFirst()
        showSummary()
    }

    private func showSummary() {
        summaryLabel.text = messages.count == 1 ? "1 message" : "\(messages.count) messages"
        openButton.isEnabled = !messages.isEmpty
    }
}
