import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Lifeloop
import LifeloopScenario

/// A feed as real controller code loads one: a tap on Refresh starts a
/// `URLSession.shared` request; the JSON is decoded on a global queue and the list is
/// reloaded on the main queue. A failed request is retried after a back-off
/// (`DispatchQueue.main.asyncAfter`), up to three times. Under a scenario's `network:`
/// section (latency drawn per seed, some requests failing) each seed shows its own
/// tap → content latency, and the failing seeds their retry path.
public enum NetworkFeed {
    static let feedURL = URL(string: "https://api.example.com/feed")!
    static let maxAttempts = 3

    struct Page: Decodable {
        let items: [String]
    }

    /// Carries the controller to the blocks Dispatch runs on the app's loop.
    struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
    }

    /// The feed's controller: a Refresh button and a list, loaded from
    /// `https://api.example.com/feed`.
    public final class Feed: ViewController {
        let refresh = Button(type: .system)
        let list = View()
        var items: [String] = []
        var attempt = 0

        public override func viewDidLoad() {
            super.viewDidLoad()
            refresh.traceLabel = "Feed.refresh"
            refresh.frame = Rect(x: 16, y: 60, width: 120, height: 44)
            list.traceLabel = "Feed.list"
            list.frame = Rect(x: 0, y: 120, width: 390, height: 600)
            view.addSubview(refresh)
            view.addSubview(list)
            refresh.addAction(Action(title: "Refresh") { [unowned self] _ in
                attempt = 0
                load()
            }, for: .touchUpInside)
        }

        func load() {
            attempt += 1
            record("request", "attempt \(attempt)")
            let me = Unchecked(value: self)
            URLSession.shared.dataTask(with: NetworkFeed.feedURL) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard error == nil, status == 200, let data else {
                    let reason = (error as? URLError).map { "\($0.code)" } ?? "status \(status)"
                    DispatchQueue.main.async { me.value.failed(reason) }
                    return
                }
                // Decoding off the main thread, as apps do.
                DispatchQueue.global().async {
                    let page = try? JSONDecoder().decode(Page.self, from: data)
                    DispatchQueue.main.async { me.value.show(page?.items ?? []) }
                }
            }.resume()
        }

        func failed(_ reason: String) {
            record("requestFailed", "attempt \(attempt): \(reason)")
            guard attempt < NetworkFeed.maxAttempts else {
                record("gaveUp", "after \(attempt) attempts")
                return
            }
            // Back off 200 ms, 400 ms, … then try again.
            let me = Unchecked(value: self)
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200 * attempt)) { me.value.load() }
        }

        func show(_ items: [String]) {
            self.items = items
            record("contentShown", "\(items.count) items after \(attempt) attempt\(attempt == 1 ? "" : "s")")
            list.setNeedsLayout()
            list.setNeedsDisplay()
        }

        func record(_ event: String, _ detail: String) {
            application?.loop.record(label: "Feed", event: event, detail: detail)
        }
    }

    static let definition = AppDefinition(
        name: "NetworkFeed", summary: "a feed loaded over URLSession on a tap: decoded on a global queue, reloaded on the main queue, retried on failure",
        scenes: []
    ) { context in
        let spec = context.windows[0]
        let window = Window(screen: spec.screen, label: spec.label)
        window.rootViewController = Feed(label: "Feed")
        window.makeKeyAndVisible()
    }
}
