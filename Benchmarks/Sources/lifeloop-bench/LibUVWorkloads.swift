import CLibUVPeer
import Dispatch

/// Raw libuv in C: the floor Lifeloop's own libuv use is compared against.
enum LibUVWorkloads {
    static func run(_ harness: Harness) -> [Measurement] {
        [post(harness), timers(harness), hop(harness)]
    }

    private static func post(_ harness: Harness) -> Measurement {
        let peer = CLibUVPeer_PostLoop_create()!
        defer { CLibUVPeer_PostLoop_destroy(peer) }
        return harness.measure(.post, .libuv) { n in
            CLibUVPeer_PostLoop_postAndRun(peer, UInt64(n))
            precondition(CLibUVPeer_PostLoop_counter(peer) == UInt64(n))
        }
    }

    private static func timers(_ harness: Harness) -> Measurement {
        let peer = CLibUVPeer_Timers_create(UInt64(harness.n))!
        defer { CLibUVPeer_Timers_destroy(peer) }
        return harness.measure(
            .timers, .libuv,
            setUp: { CLibUVPeer_Timers_prepare(peer) },
            tearDown: { CLibUVPeer_Timers_finish(peer) }
        ) { n in
            precondition(n == harness.n, "the timer array is sized for the harness's n")
            CLibUVPeer_Timers_run(peer)
            precondition(CLibUVPeer_Timers_fired(peer) == UInt64(n))
        }
    }

    /// The loop runs on the calling thread; two Dispatch threads post into the
    /// mutex queue, as in Lifeloop's and NIO's `hop`.
    private static func hop(_ harness: Harness) -> Measurement {
        let peer = SendablePeer(CLibUVPeer_PostLoop_create()!)
        defer { CLibUVPeer_PostLoop_destroy(peer.pointer) }
        return harness.measure(.hop, .libuv) { n in
            CLibUVPeer_PostLoop_expect(peer.pointer, UInt64(n))
            for share in [n / 2, n - n / 2] {
                DispatchQueue.global().async {
                    for _ in 0..<share {
                        CLibUVPeer_PostLoop_post(peer.pointer)
                    }
                }
            }
            CLibUVPeer_PostLoop_run(peer.pointer)
            precondition(CLibUVPeer_PostLoop_counter(peer.pointer) == UInt64(n))
        }
    }

    /// Carries the C peer to the posting threads; `CLibUVPeer_PostLoop_post`
    /// takes the queue's mutex, which is what makes that safe.
    private struct SendablePeer: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) {
            self.pointer = pointer
        }
    }
}
