import Foundation
import LifeloopCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response as a worker job's result: `Codable`, so a recording keeps it and a replay
/// serves it again without the network.
struct NetworkReply: Sendable, Codable, Hashable {
    var status: Int = 200
    var headers: [String: String] = [:]
    var body = Data()
    /// A `URLError.Code` raw value when the request fails.
    var failure: Int?
    /// What the failure says.
    var message: String?
    /// The failing URL.
    var url: String?
    /// No rule matched (a diagnostic is reported when it is delivered).
    var unmatched: Bool?

    init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(url: String, failure: URLError.Code, message: String, unmatched: Bool? = nil) {
        self.url = url
        self.failure = failure.rawValue
        self.message = message
        self.unmatched = unmatched
    }

    /// The failure as the URLError URLSession hands the app, with the message as its
    /// description.
    var urlError: URLError? {
        guard let failure else { return nil }
        var info: [String: Any] = [NSLocalizedDescriptionKey: message ?? "the request failed"]
        if let url, let parsed = URL(string: url) {
            info[NSURLErrorFailingURLErrorKey] = parsed
            info[NSURLErrorFailingURLStringErrorKey] = url
        }
        return URLError(URLError.Code.code(failure), userInfo: info)
    }
}

/// Fetches from the real network, through a session whose protocol classes are
/// URLSession's own (the scripted protocol is never consulted there).
enum RealNetwork {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// Blocks the calling worker until the response is in (or the request's timeout).
    static func fetch(_ request: URLRequest) -> NetworkReply {
        let url = request.url?.absoluteString ?? ""
        let box = Locked<NetworkReply?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            let reply: NetworkReply
            if let error {
                let code = (error as? URLError)?.code ?? .unknown
                reply = NetworkReply(url: url, failure: code, message: "\(request.httpMethod ?? "GET") \(url): \(error.localizedDescription)")
            } else {
                let http = response as? HTTPURLResponse
                var headers: [String: String] = [:]
                for (key, value) in http?.allHeaderFields ?? [:] {
                    if let key = key as? String, let value = value as? String { headers[key] = value }
                }
                reply = NetworkReply(status: http?.statusCode ?? 200, headers: headers, body: data ?? Data())
            }
            box.withLock { $0 = reply }
            done.signal()
        }
        task.resume()
        let seconds = request.timeoutInterval > 0 ? request.timeoutInterval : 60
        if done.wait(timeout: .now() + seconds + 5) == .timedOut {
            task.cancel()
            return NetworkReply(url: url, failure: .timedOut, message: "\(request.httpMethod ?? "GET") \(url) timed out")
        }
        return box.withLock { $0 } ?? NetworkReply(url: url, failure: .unknown, message: "no response")
    }
}

extension URLError.Code {
    /// The code with this raw value (`unknown` for one Foundation does not know).
    static func code(_ raw: Int) -> URLError.Code {
        URLError.Code(rawValue: raw) ?? .unknown
    }
}
