import Foundation
import LifeloopCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scripted network for one app: the app's `URLSession` requests are answered by rules
/// instead of the internet, each response delivered as a worker job of the app's loop at
/// its drawn latency.
///
/// How a request flows:
///
/// ```
///  app: URLSession.shared.dataTask(with: url) { … }.resume()
///        │  (URLSession asks ScriptedURLProtocol.canInit, on the calling thread)
///        ▼
///  claim: first matching rule → latency and failure drawn from the seed
///        │  on the loop's thread: loop.submit(label: "GET url", cost: latency) now;
///        │  elsewhere: posted to the loop when URLSession starts loading
///        ▼
///  job completion on the loop, at submit + latency (virtual clock): the URLProtocol
///  client gets the response, the data and the end (or the URLError); the loop waits
///  until the task's completion handler has run, so what it posts lands in this turn
/// ```
///
/// A request that no rule matches fails with `URLError.resourceUnavailable` naming the
/// URL and where the rules were written, and ``onDiagnostic`` reports it; under the host
/// clock with ``allowsRealNetwork`` it goes to the real network instead, through a
/// session of its own, and its response is a job result (so a recording keeps it).
///
/// - Warning: Make and install it on the loop's thread; ``rules`` may be read and
///   changed from any thread (a lock guards them).
public final class ScriptedNetwork: @unchecked Sendable {
    // @unchecked: `state` is guarded by its lock; `loop`, `onDelivery` and `onDiagnostic`
    // are touched only on the loop's thread (checked where it matters).

    /// What a delivered request was, for metrics and marks.
    public struct Exchange: Sendable {
        /// `GET`, `POST`, …
        public var method: String
        /// The request's absolute URL.
        public var url: String
        /// The rule that answered, as written (``NetworkRule/Pattern/description``), or
        /// `unmatched`.
        public var pattern: String
        /// The time from the request's start to its delivery.
        public var latency: Duration
        /// The status code, or nil for a failure.
        public var status: Int?
        /// The failure's code, if it failed.
        public var failure: URLError.Code?
        /// Whether the real network answered.
        public var fromRealNetwork: Bool
        /// The mark the rule ends (``NetworkRule/mark``).
        public var mark: String?
    }

    private struct State {
        var rules: [NetworkRule]
        var draws: [Int: DrawStream] = [:]
        /// Requests claimed off the loop's thread whose submission is still on its way.
        var pendingStarts = 0
    }

    private let state: Locked<State>
    /// The run's seed; each rule draws from a stream of its own under it.
    public let seed: UInt64
    /// Where the rules were written (`feed.yaml:14:1`), named by unmatched requests.
    public let source: String
    /// Whether unmatched requests go to the real network under the host clock.
    public let allowsRealNetwork: Bool
    nonisolated(unsafe) private var loop: EventLoop?
    private var poster: LoopPoster?
    private var ownerThread: pthread_t?
    /// Called on the loop's thread as each response is delivered, right after the
    /// URLProtocol client got it.
    nonisolated(unsafe) public var onDelivery: ((Exchange) -> Void)?
    /// Called on the loop's thread with a problem to report (an unmatched request).
    nonisolated(unsafe) public var onDiagnostic: ((String) -> Void)?
    /// How long the loop waits, after a delivery, for the task's completion handler to
    /// run on URLSession's queues before it goes on without it.
    public var completionWaitLimit: Duration = .seconds(10)

    /// - Parameters:
    ///   - rules: Tried in order; the first that matches answers.
    ///   - seed: The run's seed.
    ///   - source: Where the rules were written, for messages.
    ///   - allowsRealNetwork: Under the host clock, send unmatched requests to the real
    ///     network.
    public init(rules: [NetworkRule], seed: UInt64, source: String, allowsRealNetwork: Bool = false) {
        state = Locked(State(rules: rules))
        self.seed = seed
        self.source = source
        self.allowsRealNetwork = allowsRealNetwork
    }

    /// The rules, in the order they are tried.
    public var rules: [NetworkRule] {
        get { state.withLock { $0.rules } }
        set { state.withLock { $0.rules = newValue } }
    }

    /// Changes the rules under the lock: what a daemon verb does while the app runs.
    public func updateRules(_ change: (inout [NetworkRule]) throws -> Void) rethrows {
        try state.withLock { state in try change(&state.rules) }
    }

    /// Serves the requests made on `loop`'s thread (and, for the loop that owns the
    /// process's main thread, requests from threads that belong to no app).
    /// - Warning: Call on the loop's thread. `URLSession.shared` serves through
    ///   ``ScriptedURLProtocol`` only if it is first used after the first install in the
    ///   process; ``install(on:)`` reports it through ``onDiagnostic`` otherwise.
    public func install(on loop: EventLoop) {
        precondition(loop.isLoopThreadCurrent, "ScriptedNetwork.install(on:) must be called on the loop's thread")
        self.loop = loop
        poster = loop.makePoster()
        ownerThread = pthread_self()
        NetworkRegistry.add(self, thread: pthread_self(), ownsMainThread: loop.ownsProcessMainThread)
        if !ScriptedURLProtocol.servesSharedSession {
            onDiagnostic?("URLSession.shared was made before the scripted network was installed, so its requests are not served by it")
        }
    }

    /// Stops serving; requests claimed before keep their delivery.
    public func uninstall() {
        if let ownerThread { NetworkRegistry.remove(self, thread: ownerThread) }
    }

    deinit {
        if let ownerThread { NetworkRegistry.remove(self, thread: ownerThread) }
    }

    // MARK: Claiming a request

    /// What to do for one request, decided when it is claimed.
    struct Plan: Sendable {
        var label: String
        var method: String
        var url: String
        var pattern: String
        var cost: Duration
        /// Nil: fetch from the real network.
        var reply: NetworkReply?
        var mark: String?
        var fromRealNetwork: Bool { reply == nil }
    }

    /// Matches and draws for a request.
    func plan(for request: URLRequest) -> Plan {
        let method = request.httpMethod ?? "GET"
        let url = request.url?.absoluteString ?? ""
        let label = method + " " + url
        return state.withLock { state -> Plan in
            guard let index = state.rules.firstIndex(where: { $0.matches(method: method, url: url) }) else {
                if allowsRealNetwork, loop?.clock == .host {
                    return Plan(label: label, method: method, url: url, pattern: "unmatched", cost: .zero, reply: nil)
                }
                var message = "no rule of the scripted network (\(source)) matches \(method) \(url)"
                if allowsRealNetwork { message += "; real requests are allowed only under the host clock" }
                return Plan(label: label, method: method, url: url, pattern: "unmatched", cost: .zero,
                            reply: NetworkReply(url: url, failure: .resourceUnavailable, message: message, unmatched: true))
            }
            let rule = state.rules[index]
            var draws = state.draws[index] ?? DrawStream(seed: seed, key: "network[\(index)]")
            var ns = draws.draw(rule.latency)
            let failure = rule.failures.isEmpty ? nil : draws.failure(rule.failures)
            state.draws[index] = draws
            if failure == nil, let rate = rule.rate, rate > 0 {
                let transfer = (Double(rule.body.count) / rate * 1e9).rounded()
                ns = ns &+ UInt64(min(transfer, 3.6e12))
            }
            let reply: NetworkReply
            if let failure {
                let what = failure == .timedOut ? "timed out" : failure == .networkConnectionLost
                    ? "lost its connection" : "could not find the host"
                reply = NetworkReply(url: url, failure: failure,
                                     message: "\(method) \(url) \(what) (scripted by \(rule.location.isEmpty ? source : rule.location))")
            } else {
                reply = NetworkReply(status: rule.status, headers: rule.headers, body: rule.body)
            }
            return Plan(label: label, method: method, url: url, pattern: rule.pattern.description,
                        cost: .nanoseconds(Int64(clamping: ns)), reply: reply, mark: rule.mark)
        }
    }

    /// Claims a request on the thread that started it: on the loop's thread its job is
    /// submitted at once (so its latency runs from this instant and the loop knows it is
    /// pending); elsewhere it is submitted when URLSession starts loading.
    func claim(_ request: URLRequest) -> PendingRequest {
        let pending = PendingRequest(plan: plan(for: request), network: self, request: request)
        if let loop, loop.isLoopThreadCurrent {
            submit(pending, on: loop)
        } else {
            pending.offLoop = true
            state.withLock { $0.pendingStarts += 1 }
        }
        return pending
    }

    /// URLSession started loading a request claimed off the loop's thread: hop to the loop.
    func startOffLoop(_ pending: PendingRequest) {
        let reference = UncheckedReference(self)
        let posted = poster?.post {
            let network = reference.value
            network.state.withLock { $0.pendingStarts -= 1 }
            if let loop = network.loop { network.submit(pending, on: loop) }
        } ?? false
        if !posted {
            state.withLock { $0.pendingStarts -= 1 }
            pending.deliverWithoutLoop(NetworkReply(url: pending.plan.url, failure: .cancelled,
                                                    message: "the app's loop is closed"))
        }
    }

    private func submit(_ pending: PendingRequest, on loop: EventLoop) {
        let plan = pending.plan
        let started = loop.now.nanoseconds
        let reference = UncheckedReference(self)
        loop.submit(label: plan.label, cost: plan.cost, work: { () -> NetworkReply in
            if let reply = plan.reply { return reply }
            return RealNetwork.fetch(pending.request)
        }, completion: { result in
            let network = reference.value
            let reply: NetworkReply
            switch result {
            case .success(let value): reply = value
            case .failure(let error): reply = NetworkReply(url: plan.url, failure: .cancelled, message: "\(error)")
            }
            network.deliver(reply, for: pending, started: started)
        })
    }

    /// On the loop: hands the reply to URLSession, tells the observers, and waits for the
    /// task's completion handler.
    private func deliver(_ reply: NetworkReply, for pending: PendingRequest, started: UInt64) {
        guard let loop else { return }
        if reply.unmatched == true, let message = reply.message { onDiagnostic?(message) }
        let waitLimit = completionWaitLimit
        let task = pending.deliver(reply, waitingUpTo: waitLimit, onWorkQueue: !loop.runsDispatch)
        let plan = pending.plan
        let latency = Duration.nanoseconds(Int64(clamping: loop.now.nanoseconds &- started))
        loop.record(label: "network", event: "response",
                    detail: reply.failure.map { "\(plan.label) failed: \(URLError.Code.code($0).name)" }
                        ?? "\(plan.label) \(reply.status)")
        onDelivery?(Exchange(method: plan.method, url: plan.url, pattern: plan.pattern, latency: latency,
                             status: reply.failure == nil ? reply.status : nil,
                             failure: reply.failure.map { URLError.Code.code($0) },
                             fromRealNetwork: plan.fromRealNetwork, mark: plan.mark))
        // The task's completion handler runs on URLSession's delegate queue; what it posts
        // to the loop (or the main queue) must be there before this turn's task phase
        // ends, or the run would depend on thread timing. So would a request it starts.
        // On the main thread's app under the virtual clock those hops are jobs of the
        // loop's Dispatch scheduler: they run next, in order, with nothing to wait for.
        if let task, !loop.runsDispatch { waitUntilCompleted(task, limit: waitLimit) }
    }

    private func waitUntilCompleted(_ task: URLSessionTask, limit: Duration) {
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, limit.nanosecondsClamped))
        var spins = 0
        while task.state != .completed || state.withLock({ $0.pendingStarts }) > 0 {
            if DispatchTime.now().uptimeNanoseconds > deadline { return }
            spins += 1
            if spins < 100 { sched_yield() } else { usleep(50) }
        }
    }
}

/// A reference that crosses threads where the code guarantees it is used on one: the
/// network's loop-bound parts are touched only on its loop's thread.
struct UncheckedReference<Value: AnyObject>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension URLError.Code {
    /// The code's name as URLError spells it (`timedOut`).
    var name: String {
        switch self {
        case .timedOut: return "timedOut"
        case .networkConnectionLost: return "networkConnectionLost"
        case .cannotFindHost: return "cannotFindHost"
        case .resourceUnavailable: return "resourceUnavailable"
        case .cancelled: return "cancelled"
        case .notConnectedToInternet: return "notConnectedToInternet"
        default: return "URLError \(rawValue)"
        }
    }
}
