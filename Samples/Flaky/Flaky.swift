import Lifeloop

/// Two apps that break determinism the way real code does, for `lifeloop check` to
/// catch (Samples/Scenarios/flaky.yaml and flaky-order.yaml).
public enum Flaky {
    /// A feed whose `viewDidLoad` schedules its refresh after `Int.random(in:)`
    /// milliseconds: the system generator gives every run a different delay, so the
    /// refresh lands on a different turn. `app.random` (seeded) is the fix.
    public final class UnseededFeed: ViewController {
        /// Whether to draw from the app's seeded generator instead (the fixed version).
        let seeded: Bool

        /// A feed labelled `label` that draws its delay from the app's seeded generator when
        /// `seeded`, else from the system's.
        public init(label: String, seeded: Bool) {
            self.seeded = seeded
            Self.useLabel(label)
            super.init(nibName: nil, bundle: nil)
        }

        public required init?(coder: NSCoder) {
            seeded = false
            super.init(coder: coder)
        }

        public override func viewDidLoad() {
            super.viewDidLoad()
            guard let app = application else { return }
            let delay = seeded ? Int.random(in: 10...200, using: &app.random) : Int.random(in: 10...200)
            app.loop.schedule(after: .milliseconds(delay), label: "refresh") { [weak self] in
                self?.view.setNeedsLayout()
            }
        }
    }

    /// A settings page that logs its sections by iterating a `Set`: the order follows the
    /// process's hash seed, so runs in one process agree and runs in two processes do not.
    /// A sorted array is the fix. Sixteen sections: with six, two processes' seeds gave the
    /// same order about one time in twenty.
    public final class HashOrderSettings: ViewController {
        public override func viewDidLoad() {
            super.viewDidLoad()
            guard let app = application else { return }
            let sections: Set<String> = ["general", "privacy", "display", "sounds", "battery", "storage", "wallpaper",
                                         "notifications", "focus", "screenTime", "accessibility", "siri", "passwords",
                                         "camera", "photos", "health"]
            for section in sections {
                app.loop.record(label: traceLabel, event: "section", detail: section)
            }
        }
    }
}
