import Foundation
import Synchronization

/// Something a host-clock loop consumed that its program cannot reproduce: a worker
/// result or a cross-thread post, named so that a replay can wait for the same one.
public enum Arrival: Hashable, Sendable, CustomStringConvertible {
    /// The result of the job with this id (ids count submits, on the loop's thread), and
    /// its number among the results the mailbox received (the trace shows it).
    case job(UInt64, arrival: UInt64)
    /// The `sequence`-th post (from 1) through poster `poster` (posters count
    /// `makePoster()` calls, from 0).
    case post(poster: UInt32, sequence: UInt64)
    /// The main dispatch queue had work (`DispatchQueue.main.async`, from any thread) and
    /// was drained in this turn (the main thread's app).
    case mainQueue

    public var description: String {
        switch self {
        case .mainQueue: return "the main dispatch queue's work"
        case .job(let id, _): return "job \(id)"
        case .post(let poster, let sequence): return "post \(sequence) of poster \(poster)"
        }
    }
}

/// Told, on the loop's thread, what a host-clock run consumed: every clock read the loop
/// acted on, in order; each turn's arrivals, in the order they ran; each finished turn's
/// digest. Install it as ``EventLoop/recorder`` before running.
public protocol LoopRecorder: AnyObject {
    /// The loop read the host clock and acted on the reading, `nanoseconds`.
    func clockRead(_ nanoseconds: UInt64)
    /// Worker results and cross-thread posts ran in `turn`, in this order.
    func arrivals(turn: UInt64, _ arrivals: [Arrival])
    /// A job's result, right after the arrivals that carried it: its JSON when its type is
    /// `Codable` (a replay injects it; `description` is then empty), else its description
    /// (a replay compares it).
    func jobResult(_ id: UInt64, json: String?, description: String)
    /// `turn` finished with this trace digest: the replay's checkpoint.
    func turnEnded(_ turn: UInt64, digest: TraceDigest)
    /// The run went on after `turn` only because something had reached the mailbox (a
    /// post or a result sent during the turn): a replay, whose arrivals come from the
    /// recording, cannot see that, so the recording says it.
    func wentOnForMail(after turn: UInt64)
    /// A timer is about to fire in `turn` (`count` is 1), before it runs: a timer's deadline
    /// can come from a real clock reading (a delay an app computed from `DispatchTime.now()`
    /// on another thread), so whether it was due at a turn's recorded clock read is an
    /// input too.
    func timersFired(_ count: Int, turn: UInt64)
}

/// Gives a replaying loop what the recording consumed. Install it as
/// ``EventLoop/replaySource`` before running: the loop then runs its turns back to back,
/// on the recorded clock reads, and delivers each arrival at its recorded turn and
/// position (waiting for the recomputed job or the re-sent post when it is late).
/// A thrown error stops the run with ``LoopError/replayDiverged(_:)``.
public protocol LoopReplaySource: AnyObject {
    /// The next recorded clock read, in nanoseconds.
    /// - Throws: When the recording has something else next: the replay diverged.
    func nextClockRead() throws -> UInt64
    /// The arrivals recorded for `turn`, in the order they ran; empty when none were.
    func nextArrivals(turn: UInt64) throws -> [Arrival]
    /// The recorded result of a job among the last arrivals, if the recording has it.
    func recordedResult(of id: UInt64) -> (json: String?, description: String)?
    /// Compares a finished turn's digest with the recording's checkpoint.
    func turnEnded(_ turn: UInt64, digest: TraceDigest) throws
    /// Whether the recorded run went on after `turn` only for its mailbox; consumes the
    /// note when it is there.
    func wentOnForMail(after turn: UInt64) throws -> Bool
    /// Whether the recorded run fired a timer here, in `turn` (1, consuming the note) or
    /// not (0).
    func timersFired(turn: UInt64) throws -> Int
}

/// How a job's result is written down and read back: JSON for `Codable` results.
struct JobCodec {
    let encode: (any Sendable) -> String?
    let decode: (String) -> (any Sendable)?

    /// The codec of `Value`, if it is `Codable`.
    static func of<Value: Sendable>(_ type: Value.Type) -> JobCodec? {
        guard let codable = Value.self as? any Codable.Type else { return nil }
        return make(codable, as: Value.self)
    }

    private static func make<C: Codable, Value: Sendable>(_ type: C.Type, as value: Value.Type) -> JobCodec {
        // The common results skip JSONEncoder (its dynamic casts cost more than a loop
        // turn); the text is the JSON it would write, and JSONDecoder reads it back.
        if Value.self == Int.self {
            return JobCodec(encode: { value in (value as? Int).map { "[\($0)]" } }, decode: decoder(C.self, as: Value.self))
        }
        if Value.self == Bool.self {
            return JobCodec(encode: { value in (value as? Bool).map { "[\($0)]" } }, decode: decoder(C.self, as: Value.self))
        }
        if Value.self == String.self {
            return JobCodec(encode: { value in (value as? String).map { "[\(JSONText.quoted($0))]" } }, decode: decoder(C.self, as: Value.self))
        }
        return JobCodec(
            encode: { value in
                guard let typed = value as? C, let data = try? JSONEncoder().encode([typed]) else { return nil }
                return String(decoding: data, as: UTF8.self)
            },
            decode: decoder(C.self, as: Value.self))
    }

    private static func decoder<C: Codable, Value: Sendable>(_ type: C.Type, as value: Value.Type) -> (String) -> (any Sendable)? {
        { text in
            guard let values = try? JSONDecoder().decode([C].self, from: Data(text.utf8)), let value = values.first,
                  let typed = value as? Value else { return nil }
            return typed
        }
    }
}

/// A poster's identity and its count of posts, shared by its copies.
final class PosterCounter: Sendable {
    let id: UInt32
    private let count = Atomic<UInt64>(0)

    init(id: UInt32) {
        self.id = id
    }

    func next() -> UInt64 {
        count.add(1, ordering: .relaxed).newValue
    }
}
