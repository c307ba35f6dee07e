import UIKit

extension Notification.Name {
    static let counterDidReset = Notification.Name("CounterDidReset")
}

/// Told about the counter; every method optional, as UIKit delegates are.
@objc protocol CounterViewControllerDelegate: AnyObject {
    @objc optional func counterViewController(_ controller: CounterViewController, didChangeTo value: Int)
    @objc optional func counterViewControllerTitle(for value: Int) -> String?
}

/// A counter as an iOS storyboard scene writes it: outlets, actions, target-action in
/// code, a bar button, a timer and a notification, all through selectors.
class CounterViewController: UIViewController {
    @IBOutlet weak var valueLabel: UILabel!
    @IBOutlet var stepButtons: [UIButton]!
    @IBInspectable var step: Int = 1

    weak var delegate: CounterViewControllerDelegate?
    @objc dynamic private(set) var value = 0
    private var ticker: Ticker?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Counter"
        valueLabel.frame = CGRect(x: 20, y: 120, width: 200, height: 30)
        view.addSubview(valueLabel)
        for (index, button) in stepButtons.enumerated() {
            button.frame = CGRect(x: 20 + CGFloat(index) * 110, y: 170, width: 100, height: 44)
            view.addSubview(button)
        }
        stepButtons[0].addTarget(self, action: #selector(increment(_:)), for: .touchUpInside)
        stepButtons[1].addTarget(self, action: #selector(CounterViewController.decrement), for: .touchUpInside)
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Reset", style: .plain, target: self,
                                                            action: #selector(resetTapped(_:)))
        NotificationCenter.default.addObserver(self, selector: #selector(counterDidReset(_:)),
                                               name: .counterDidReset, object: nil)
        ticker = Ticker(target: self)
        show()
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @IBAction func increment(_ sender: UIButton) {
        value += step
        show()
    }

    @objc func decrement() {
        value -= step
        show()
    }

    @IBAction private func resetTapped(_ sender: Any) {
        NotificationCenter.default.post(name: .counterDidReset, object: self)
    }

    @objc private func counterDidReset(_ notification: Notification) {
        value = 0
        show()
    }

    @objc func tick(_ timer: Timer) {
        let info = timer.userInfo as? String ?? "?"
        print("tick (\(info)): \(value)")
    }

    private func show() {
        valueLabel.text = delegate?.counterViewControllerTitle?(for: value) ?? "\(value)"
        delegate?.counterViewController?(self, didChangeTo: value)
    }
}
