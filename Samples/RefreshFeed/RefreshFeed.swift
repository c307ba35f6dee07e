import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Lifeloop
import LifeloopScenario

/// A feed page that asks `https://api.example.com/feed` for its items each time its
/// `Feed.refresh` button is tapped, through `URLSession.shared` as app code does, and
/// traces what came back: `Feed request #N`, then `Feed response #N status S bytes B` or
/// `Feed response #N failed CODE`. With a scripted network (a scenario's `network:`, or
/// the daemon's `app.launch` `network` and `app.network`) every answer is the rule's.
public enum RefreshFeed {
    /// The URL the page asks.
    public static let feedURL = "https://api.example.com/feed"

    final class FeedController: ViewController {
        private var requests = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            guard let app = application else { return }
            let trace = BackgroundWork.Tracer(app.loop, label: "Feed")
            let refresh = Button(type: .system, primaryAction: Action(title: "Refresh") { [unowned self] _ in load(trace) })
            refresh.traceLabel = "Feed.refresh"
            refresh.frame = Rect(x: 20, y: 120, width: 160, height: 44)
            view.addSubview(refresh)
        }

        private func load(_ trace: BackgroundWork.Tracer) {
            requests += 1
            let number = requests
            trace("request", "#\(number)")
            guard let url = URL(string: RefreshFeed.feedURL) else { return }
            URLSession.shared.dataTask(with: url) { data, response, error in
                let detail: String
                if let error = error as? URLError {
                    detail = "#\(number) failed \(RefreshFeed.name(of: error.code))"
                } else if let error {
                    detail = "#\(number) failed \(error)"
                } else {
                    let status = (response as? HTTPURLResponse)?.statusCode ?? -1
                    detail = "#\(number) status \(status) bytes \(data?.count ?? 0)"
                }
                DispatchQueue.main.async { trace("response", detail) }
            }.resume()
        }
    }

    /// A URLError code as URLError names it (the ones a scripted network gives).
    static func name(of code: URLError.Code) -> String {
        switch code {
        case .timedOut: return "timedOut"
        case .networkConnectionLost: return "networkConnectionLost"
        case .cannotFindHost: return "cannotFindHost"
        case .resourceUnavailable: return "resourceUnavailable"
        case .cancelled: return "cancelled"
        default: return "URLError \(code.rawValue)"
        }
    }

    static let definition = AppDefinition(
        name: "RefreshFeed", summary: "a feed page that requests https://api.example.com/feed on each tap of Feed.refresh",
        scenes: []
    ) { context in
        let spec = context.windows[0]
        let window = Window(screen: spec.screen, label: spec.label)
        window.rootViewController = FeedController(label: "Feed")
        window.makeKeyAndVisible()
    }
}
