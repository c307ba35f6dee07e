import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import LifeloopNetwork
import Testing

/// The request a real-network job fetches. A job claimed on the loop's thread starts on a
/// worker at once, possibly before URLSession starts loading the request: it still fetches
/// the request as the app made it, with its method, headers and body, never a bare GET of
/// its URL.
@Suite struct PendingRequestTests {
    @Test func beforeLoadingStartsTheClaimedRequestIsFetched() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/orders")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"item":1}"#.utf8)
        let plan = ScriptedNetwork.Plan(label: "POST http://127.0.0.1:9/orders", method: "POST", url: "http://127.0.0.1:9/orders",
                                        pattern: "*", cost: .zero, reply: nil, mark: nil)
        let pending = PendingRequest(plan: plan, network: nil, request: request)
        #expect(pending.request.httpMethod == "POST")
        #expect(pending.request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(pending.request.httpBody == Data(#"{"item":1}"#.utf8))
        #expect(pending.request.url?.absoluteString == "http://127.0.0.1:9/orders")
    }

    /// A reply goes to URLSession on the task's own work queue, where swift-corelibs-
    /// foundation reads its task registry unguarded: the queue must be found (were this
    /// Foundation's layout to change, replies would go from the loop's thread again).
    @Test func theTasksWorkQueueIsFound() throws {
        let task = URLSession.shared.dataTask(with: try #require(URL(string: "http://127.0.0.1:9/queue")))
        let queue = try #require(PendingRequest.workQueue(of: task), "URLSessionTask's workQueue was not found")
        // The same queue each time, and one that runs blocks.
        #expect(PendingRequest.workQueue(of: task) === queue)
        let ran = DispatchSemaphore(value: 0)
        queue.async { ran.signal() }
        #expect(ran.wait(timeout: .now() + 10) == .success)
    }
}
