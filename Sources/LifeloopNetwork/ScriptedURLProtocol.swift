@_spi(Reflection) import Swift
import Dispatch
import Foundation
import LifeloopCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLProtocol` that serves an app's `URLSession` requests from its
/// ``ScriptedNetwork``.
///
/// Registered with `URLProtocol.registerClass` by the first ``ScriptedNetwork/install(on:)``
/// in the process: `URLSession.shared` then lists it first (it takes the registered
/// classes when it is first used). A session the app makes with
/// `URLSessionConfiguration.default` or `.ephemeral` lists URLSession's own HTTP protocol
/// first and never asks a registered class (as on Apple platforms); such a session is
/// served when its configuration lists this class:
/// `configuration.protocolClasses = [ScriptedURLProtocol.self] + (configuration.protocolClasses ?? [])`,
/// which ``ScriptedNetwork/serve(_:)`` does.
///
/// URLSession asks ``canInit(with:)`` on the thread that resumes the task; that thread
/// decides which app's network answers (its loop's, else the main thread's app's, else
/// the only one installed).
public final class ScriptedURLProtocol: URLProtocol {
    // `pending` is set once in init, before URLSession shares the instance.
    private var pending: PendingRequest?

    /// Registers the class once per process.
    static let registration: Void = {
        _ = URLProtocol.registerClass(ScriptedURLProtocol.self)
        // The shared session looks in its cache before it makes a task's protocol
        // instance; a cache that answers at once keeps that on the resuming thread.
        let shared = URLSession.shared.configuration
        if !(shared.urlCache is ScriptedURLCache) { shared.urlCache = ScriptedURLCache() }
    }()

    /// Registers the class for `URLSession.shared` (once per process; later calls do
    /// nothing). Call it before anything in the process first uses `URLSession.shared`:
    /// scenario runs do, before the app launches. A request from an app with no scripted
    /// network installed is left to URLSession's own protocols.
    public static func register() {
        _ = registration
    }

    /// Whether `URLSession.shared` asks this class first.
    static var servesSharedSession: Bool {
        _ = registration
        guard let first = URLSession.shared.configuration.protocolClasses?.first else { return false }
        return first == ScriptedURLProtocol.self
    }

    /// Whether a scripted network claims `request`: an HTTP or HTTPS request that a network
    /// installed for the calling app (or the process) answers.
    public override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return NetworkRegistry.claim(request)
    }

    /// The request as it is: rules match the URL as the app wrote it.
    public override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    /// Takes the claimed request's pending answer; a cached response is never used.
    public required init(request: URLRequest, cachedResponse: CachedURLResponse?, client: URLProtocolClient?) {
        pending = NetworkRegistry.take(request)
        super.init(request: request, cachedResponse: nil, client: client)
    }

    /// Starts the answer: a worker job of the app's loop, delivered at its drawn latency,
    /// or an error naming the request when no scripted network claimed it.
    public override func startLoading() {
        guard let pending else {
            // Claimed by canInit but for another instance, or by another process-wide
            // caller: say so rather than leave the task hanging.
            let url = request.url?.absoluteString ?? ""
            let reply = NetworkReply(url: url, failure: .resourceUnavailable,
                                     message: "\(request.httpMethod ?? "GET") \(url): no scripted network claimed this request")
            if let error = reply.urlError { client?.urlProtocol(self, didFailWithError: error) }
            return
        }
        pending.start(self)
    }

    /// Cancels the answer if it has not been delivered.
    public override func stopLoading() {
        pending?.stop()
    }
}

/// One claimed request: its plan, and the protocol instance URLSession made for it once
/// loading starts.
final class PendingRequest: @unchecked Sendable {
    // @unchecked: `protocolInstance`, `stopped`, `delivered` and `startedRequest` are
    // guarded by `lock`.
    let plan: ScriptedNetwork.Plan
    private weak var network: ScriptedNetwork?
    private let lock = NSLock()
    private let started = DispatchSemaphore(value: 0)
    private var protocolInstance: ScriptedURLProtocol?
    private var stopped = false
    private var delivered = false
    /// The request as it was claimed (`canInit(with:)`).
    private let claimedRequest: URLRequest
    /// The request as URLSession loads it, once it started loading.
    private var startedRequest: URLRequest?
    /// Claimed off the loop's thread (or for no network): its job is submitted when
    /// loading starts. Set before the request is shared.
    var offLoop = false

    init(plan: ScriptedNetwork.Plan, network: ScriptedNetwork?, request: URLRequest) {
        self.plan = plan
        self.network = network
        claimedRequest = request
    }

    /// The request to fetch for real: as URLSession loads it if it has started loading,
    /// else as it was claimed. A job claimed on the loop's thread runs on a worker from the
    /// instant of the claim, and may run before URLSession starts loading.
    var request: URLRequest {
        lock.lock()
        defer { lock.unlock() }
        return startedRequest ?? claimedRequest
    }

    /// URLSession started loading (on its own queue).
    func start(_ instance: ScriptedURLProtocol) {
        lock.lock()
        protocolInstance = instance
        startedRequest = instance.request
        lock.unlock()
        started.signal()
        guard offLoop else { return }
        if let network {
            network.startOffLoop(self)
        } else {
            deliverWithoutLoop(plan.reply ?? NetworkReply(url: plan.url, failure: .resourceUnavailable, message: "no scripted network"))
        }
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    /// Hands the reply to the URLProtocol client; returns the task, to wait for its
    /// completion handler. Waits (bounded) for URLSession to start loading first, which it
    /// does right after the task resumed.
    ///
    /// `onWorkQueue`: the reply goes to the client on the task's work queue, where
    /// swift-corelibs-foundation reads its task registry unguarded (a reply handed over
    /// from another thread while the session added or removed another task crashed in
    /// `URLSession.behaviour(for:)`). False when the loop runs Dispatch itself (the
    /// virtual clock's main-thread app): the work queue's blocks are then the loop's jobs,
    /// on this thread, and the reply is handed over in place, in its turn.
    func deliver(_ reply: NetworkReply, waitingUpTo limit: Duration, onWorkQueue: Bool) -> URLSessionTask? {
        let seconds = Double(max(0, limit.nanosecondsClamped)) / 1e9
        _ = started.wait(timeout: .now() + seconds)
        started.signal()
        lock.lock()
        let instance = protocolInstance
        let skip = stopped || delivered || instance == nil
        delivered = true
        protocolInstance = nil
        lock.unlock()
        guard !skip, let instance else { return nil }
        if onWorkQueue {
            Self.sendOnWorkQueue(reply, through: instance)
        } else {
            Self.send(reply, through: instance)
        }
        return instance.task
    }

    /// Why a download task is not served.
    static func downloadRefusal(method: String, url: String) -> String {
        "\(method) \(url) is a download task, which the scripted network cannot serve on Linux: swift-corelibs-foundation hands a download's file only to its own protocols; use a data task and write the data to a file"
    }

    /// The loop is gone: fail the request where it is.
    func deliverWithoutLoop(_ reply: NetworkReply) {
        lock.lock()
        let instance = protocolInstance
        delivered = true
        protocolInstance = nil
        lock.unlock()
        if let instance { Self.sendOnWorkQueue(reply, through: instance) }
    }

    /// The byte offset of `URLSessionTask`'s work queue in its instances (a `let` of
    /// swift-corelibs-foundation's, set at init), found once through the runtime's field
    /// metadata; nil if this Foundation has no such field.
    private static let workQueueOffset: Int? = {
        var found: Int?
        // `_EachFieldOptions.classType` (a static var the compiler cannot prove constant).
        _ = _forEachField(of: URLSessionTask.self, options: _EachFieldOptions(rawValue: 1 << 0)) { name, offset, type, _ in
            guard String(cString: name) == "workQueue", ObjectIdentifier(type) == ObjectIdentifier(DispatchQueue.self) else { return true }
            found = offset
            return false
        }
        return found
    }()

    /// The queue URLSession runs a task's protocol on, if it can be found.
    static func workQueue(of task: URLSessionTask) -> DispatchQueue? {
        guard let offset = workQueueOffset else { return nil }
        return Unmanaged.passUnretained(task).toOpaque().load(fromByteOffset: offset, as: DispatchQueue.self)
    }

    /// ``send(_:through:)`` on the task's work queue (in place if it cannot be found).
    private static func sendOnWorkQueue(_ reply: NetworkReply, through instance: ScriptedURLProtocol) {
        guard let task = instance.task, let queue = workQueue(of: task) else { return send(reply, through: instance) }
        let handOver = UncheckedReference(instance)
        queue.async { send(reply, through: handOver.value) }
    }

    private static func send(_ reply: NetworkReply, through instance: ScriptedURLProtocol) {
        guard let client = instance.client else { return }
        if instance.task is URLSessionDownloadTask {
            // swift-corelibs-foundation gives a download's file only to its own protocols:
            // a URLProtocol's download reaches a completion handler with no file, and a
            // delegate's didFinishDownloadingTo traps. Fail it, saying so, instead.
            let url = instance.request.url?.absoluteString ?? ""
            var info: [String: Any] = [NSLocalizedDescriptionKey: Self.downloadRefusal(method: instance.request.httpMethod ?? "GET", url: url)]
            if let parsed = instance.request.url {
                info[NSURLErrorFailingURLErrorKey] = parsed
                info[NSURLErrorFailingURLStringErrorKey] = url
            }
            client.urlProtocol(instance, didFailWithError: URLError(.resourceUnavailable, userInfo: info))
            return
        }
        if let error = reply.urlError {
            client.urlProtocol(instance, didFailWithError: error)
            return
        }
        let url = instance.request.url ?? URL(fileURLWithPath: "/")
        let response: URLResponse = HTTPURLResponse(url: url, statusCode: reply.status, httpVersion: "HTTP/1.1",
                                       headerFields: reply.headers) ?? URLResponse(url: url, mimeType: nil,
                                                                                  expectedContentLength: reply.body.count,
                                                                                  textEncodingName: nil)
        client.urlProtocol(instance, didReceive: response, cacheStoragePolicy: .notAllowed)
        if !reply.body.isEmpty { client.urlProtocol(instance, didLoad: reply.body) }
        client.urlProtocolDidFinishLoading(instance)
    }
}

extension ScriptedNetwork {
    /// Makes a session configuration ask the scripted protocol first: for sessions an app
    /// makes with `URLSessionConfiguration.default` or `.ephemeral`, which otherwise never
    /// consult a registered protocol class.
    /// - Returns: The same configuration, for chaining.
    @discardableResult
    public static func serve(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        _ = ScriptedURLProtocol.registration
        let others = (configuration.protocolClasses ?? []).filter { $0 != ScriptedURLProtocol.self }
        configuration.protocolClasses = [ScriptedURLProtocol.self] + others
        if !(configuration.urlCache is ScriptedURLCache) { configuration.urlCache = ScriptedURLCache() }
        return configuration
    }
}

/// The cache of sessions a scripted network serves: an in-memory cache (4 MiB, as
/// URLSession's own default) that answers a data task's lookup on the calling thread.
///
/// swift-corelibs-foundation looks up a data task's cached response on a background queue
/// and makes the task's protocol instance there; answered on the resuming thread, the
/// instance is made there too, which is how a request is matched to the app that started
/// it. A scripted network never answers from a cache.
public final class ScriptedURLCache: URLCache, @unchecked Sendable {
    // @unchecked: URLCache guards its own state; this subclass adds none.

    /// An in-memory cache of 4 MiB.
    public init() {
        super.init(memoryCapacity: 4 * 1024 * 1024, diskCapacity: 0, diskPath: nil)
    }

    /// Answers on the calling thread.
    public override func getCachedResponse(for dataTask: URLSessionDataTask,
                                           completionHandler: @Sendable @escaping (CachedURLResponse?) -> Void) {
        completionHandler(dataTask.currentRequest.flatMap { cachedResponse(for: $0) })
    }
}

/// The process's installed networks, by loop thread, and the requests claimed by
/// `canInit` waiting for URLSession to make their protocol instance.
enum NetworkRegistry {
    private final class Weak: @unchecked Sendable {
        weak var network: ScriptedNetwork?
        init(_ network: ScriptedNetwork) { self.network = network }
    }

    private struct State {
        var byThread: [UInt: Weak] = [:]
        var mainThread: Weak?
        /// Claims waiting for their protocol instance, by request, oldest first, each
        /// with the thread that claimed it.
        var claimed: [URLRequest: [(thread: UInt, pending: PendingRequest)]] = [:]
        var claimedCount = 0
    }

    private static let state = Locked(State())

    static func add(_ network: ScriptedNetwork, thread: pthread_t, ownsMainThread: Bool) {
        _ = ScriptedURLProtocol.registration
        state.withLock { state in
            state.byThread[UInt(thread)] = Weak(network)
            if ownsMainThread { state.mainThread = Weak(network) }
        }
    }

    static func remove(_ network: ScriptedNetwork, thread: pthread_t) {
        state.withLock { state in
            if let entry = state.byThread[UInt(thread)], entry.network === network || entry.network == nil {
                state.byThread[UInt(thread)] = nil
            }
            if let main = state.mainThread, main.network === network || main.network == nil { state.mainThread = nil }
        }
    }

    /// The network for requests started on the calling thread.
    private static func network(in state: State) -> ScriptedNetwork? {
        if let network = state.byThread[UInt(pthread_self())]?.network { return network }
        if let network = state.mainThread?.network { return network }
        let live = state.byThread.values.compactMap(\.network)
        return live.count == 1 ? live[0] : nil
    }

    /// Claims a request for the calling thread's network; false when no network is
    /// installed in the process (the request then goes where URLSession sends it).
    static func claim(_ request: URLRequest) -> Bool {
        let found: (network: ScriptedNetwork?, any: Bool) = state.withLock { state in
            (network(in: state), state.byThread.values.contains { $0.network != nil })
        }
        guard found.any else { return false }
        let pending: PendingRequest
        if let network = found.network {
            pending = network.claim(request)
        } else {
            let url = request.url?.absoluteString ?? ""
            let method = request.httpMethod ?? "GET"
            let plan = ScriptedNetwork.Plan(label: method + " " + url, method: method, url: url, pattern: "unmatched",
                                            cost: .zero,
                                            reply: NetworkReply(url: url, failure: .resourceUnavailable,
                                                                message: "\(method) \(url) was started on a thread of no app, "
                                                                    + "and several apps of this process have a scripted network"))
            pending = PendingRequest(plan: plan, network: nil, request: request)
            pending.offLoop = true
        }
        state.withLock { state in
            // A claim whose instance is never made (canInit asked by other code) must not
            // pile up: past a bound, the oldest claims go.
            if state.claimedCount > 4096 { state.claimed.removeAll(); state.claimedCount = 0 }
            state.claimed[request, default: []].append((UInt(pthread_self()), pending))
            state.claimedCount += 1
        }
        return true
    }

    /// The claim for an equal request made on the calling thread, else the oldest one.
    ///
    /// URLSession makes a task's protocol instance on the thread that resumed it, right
    /// after asking ``ScriptedURLProtocol/canInit(with:)`` there, when the session's cache
    /// answers at once (served sessions get a ``ScriptedURLCache``). So when two apps of
    /// the process start equal requests at the same moment, each instance takes its own
    /// app's claim, not the other's.
    static func take(_ request: URLRequest) -> PendingRequest? {
        let thread = UInt(pthread_self())
        return state.withLock { state in
            guard var list = state.claimed[request], !list.isEmpty else { return nil }
            let index = list.firstIndex { $0.thread == thread } ?? list.startIndex
            let taken = list.remove(at: index)
            state.claimed[request] = list.isEmpty ? nil : list
            state.claimedCount -= 1
            return taken.pending
        }
    }
}
