import Foundation

/// Fires its target's `tick(_:)` every second, three times: an NSObject with a selector timer.
final class Ticker: NSObject {
    private var timer: Timer?
    private var count = 0
    private weak var target: CounterViewController?

    init(target: CounterViewController) {
        self.target = target
        super.init()
        timer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(fire(_:)),
                                     userInfo: "every second", repeats: true)
    }

    override init() {
        super.init()
    }

    @objc private func fire(_ timer: Timer) {
        count += 1
        target?.tick(timer)
        if count == 3 {
            timer.invalidate()
        }
    }
}
