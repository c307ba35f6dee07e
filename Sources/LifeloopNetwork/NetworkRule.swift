import Foundation

/// One rule of a scripted network: which requests it answers, and how.
///
/// Rules are tried in order and the first that matches answers. A rule matches when its
/// ``pattern`` matches the request's absolute URL and, if it names a ``method``, the
/// request's method is that one (case-insensitive).
public struct NetworkRule: Sendable, Hashable {
    /// How a rule's URL pattern matches a request's URL.
    public enum Pattern: Sendable, Hashable, CustomStringConvertible {
        /// The URL, exactly (`url: https://api.example.com/feed`).
        case exact(String)
        /// Any URL that starts with this text (`prefix: https://api.example.com/`).
        case prefix(String)
        /// A glob over the whole URL: `*` matches any run of characters (`/` included),
        /// `?` one character; everything else matches itself
        /// (`glob: https://*.example.com/img/*.png`).
        case glob(String)

        /// Whether `url` matches.
        public func matches(_ url: String) -> Bool {
            switch self {
            case .exact(let text): return url == text
            case .prefix(let text): return url.hasPrefix(text)
            case .glob(let text): return globMatches(Array(text.utf8), Array(url.utf8))
            }
        }

        /// `url: …`, `prefix: …` or `glob: …`, as a scenario writes it.
        public var description: String {
            switch self {
            case .exact(let text): return "url: " + text
            case .prefix(let text): return "prefix: " + text
            case .glob(let text): return "glob: " + text
            }
        }
    }

    /// Which URLs the rule answers.
    public var pattern: Pattern
    /// The HTTP method it answers (`GET`, `POST`, …); nil for any.
    public var method: String?
    /// The response's status code.
    public var status: Int
    /// The response's header fields.
    public var headers: [String: String]
    /// The response's body.
    public var body: Data
    /// The time from the request's start to its response, drawn per request.
    public var latency: NetworkLatency
    /// The transfer rate in bytes per second: the body's size divided by it is added to
    /// the latency. Nil for no transfer time.
    public var rate: Double?
    /// The probabilities that a request fails instead.
    public var failures: NetworkFailures
    /// Where the rule was written (`feed.yaml:12:5`), for messages and reports.
    public var location: String
    /// A scenario mark this rule's response ends, at the first frame that shows it.
    public var mark: String?

    /// A rule that answers requests matching `pattern` (and `method`, when given) with this
    /// status, headers and body, after `latency` (plus the body's size over `rate`, in bytes
    /// per second), failing with the probabilities of `failures`; `location` names where it was
    /// written.
    public init(pattern: Pattern, method: String? = nil, status: Int = 200, headers: [String: String] = [:],
                body: Data = Data(), latency: NetworkLatency = .fixed(.zero), rate: Double? = nil,
                failures: NetworkFailures = NetworkFailures(), location: String = "") {
        self.pattern = pattern
        self.method = method
        self.status = status
        self.headers = headers
        self.body = body
        self.latency = latency
        self.rate = rate
        self.failures = failures
        self.location = location
    }

    /// Whether the rule answers `method` on `url`.
    public func matches(method requestMethod: String, url: String) -> Bool {
        if let method, method.caseInsensitiveCompare(requestMethod) != .orderedSame { return false }
        return pattern.matches(url)
    }
}

/// A latency: fixed, or a distribution drawn from the run's seed.
public enum NetworkLatency: Sendable, Hashable {
    /// Always this long.
    case fixed(Duration)
    /// Uniform between two bounds, inclusive.
    case uniform(Duration, Duration)
    /// Log-normal with this median and 99th percentile.
    case lognormal(median: Duration, p99: Duration)
}

/// The probability of each kind of failure, each 0…1, their sum at most 1.
public struct NetworkFailures: Sendable, Hashable {
    /// Fails with `URLError.timedOut`.
    public var timeout: Double
    /// Fails with `URLError.networkConnectionLost`.
    public var connectionLost: Double
    /// Fails with `URLError.cannotFindHost`.
    public var dns: Double

    /// Failure probabilities, each 0…1 (none by default).
    public init(timeout: Double = 0, connectionLost: Double = 0, dns: Double = 0) {
        self.timeout = timeout
        self.connectionLost = connectionLost
        self.dns = dns
    }

    /// Whether any failure can happen.
    public var isEmpty: Bool { timeout == 0 && connectionLost == 0 && dns == 0 }
}

/// `*` any run (possibly empty), `?` one byte; iterative with one backtrack point, so a
/// pattern with many stars stays linear in practice and never recurses.
private func globMatches(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
    let star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
    var p = 0, t = 0
    var starAt = -1, matchedAt = 0
    while t < text.count {
        if p < pattern.count, pattern[p] == question || (pattern[p] != star && pattern[p] == text[t]) {
            p += 1
            t += 1
        } else if p < pattern.count, pattern[p] == star {
            starAt = p
            matchedAt = t
            p += 1
        } else if starAt >= 0 {
            p = starAt + 1
            matchedAt += 1
            t = matchedAt
        } else {
            return false
        }
    }
    while p < pattern.count, pattern[p] == star { p += 1 }
    return p == pattern.count
}
