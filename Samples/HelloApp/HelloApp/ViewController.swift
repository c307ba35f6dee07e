import UIKit

class ViewController: UIViewController {

    @IBOutlet weak var greeting: UILabel!
    private var taps = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        greeting.text = "Hello"
    }

    func appBecameActive() {
        greeting.text = "Hello, active"
    }

    @IBAction func greet(_ sender: UIButton) {
        taps += 1
        greeting.text = taps == 1 ? "Tapped once" : "Tapped \(taps) times"
    }
}
