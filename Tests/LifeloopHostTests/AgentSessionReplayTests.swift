import Foundation
@testable import LifeloopHost
import Testing

/// Sessions an agent drives, replayed: a gesture after a settle keeps its timing, and a
/// refused input uses no turn, so the recording and the exported scenario replay to the
/// session's digest.
@Suite struct AgentSessionReplayTests {
    static func replay(_ file: String) throws -> (Int32, String) { try DaemonHarness.lifeloop(["replay", file]) }

    static func call(_ client: DaemonClient, _ app: String, _ method: String, _ params: [String: JSON] = [:]) throws -> JSON {
        var all = params
        all["app"] = .string(app)
        return try client.call(method, .object(all), timeout: 30)
    }

    /// A finger's path right after a settle that moved the clock (a fling decelerating):
    /// its touches ran at one instant, as the step was timed from before the settle, and
    /// the replay (which times it from after) diverged.
    @Test func aPathAfterASettleTakesItsIntervalsAndReplays() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let recording = daemon.directory + "/session.jsonl"
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour", "record": .string(recording)], timeout: 30)["app"]?.string)
        _ = try Self.call(client, app, "app.settle")
        _ = try Self.call(client, app, "app.push", ["scene": "Form"])
        _ = try Self.call(client, app, "app.settle")
        _ = try Self.call(client, app, "app.drag", ["view": "Form.scroll", "by": [0, -200], "velocity": [0, -2000]])
        let settled = try Self.call(client, app, "app.settle")
        let before = try #require(settled["toSeq"]?.int)
        let dragged = try Self.call(client, app, "app.drag", ["path": [[200, 600], [200, 550], [200, 500], [200, 450], [200, 400]],
                                                              "intervalMs": 16, "window": "main"])
        let events = try Self.call(client, app, "trace.get", ["fromSeq": .int(before), "limit": 5000])["events"]?.array ?? []
        let touchTimes = Set(events.filter { $0["event"] == "touch" }.compactMap { $0["time"]?.int })
        #expect(touchTimes.count == 5, "the path's touches ran at \(touchTimes.sorted()) (reply \(dragged))")
        _ = try Self.call(client, app, "app.settle")
        let stopped = try Self.call(client, app, "record.stop")
        let (status, text) = try Self.replay(recording)
        #expect(status == 0, "\(text)")
        #expect(text.contains(stopped["digest"]?.string ?? "?"), "\(text)")
    }

    /// Typing into a disabled field is refused before the app runs a turn: the session's
    /// turn and digest stay, and its recording replays (it used a turn the replay, which
    /// leaves the refused input out, did not have).
    @Test func aRefusedInputUsesNoTurnAndTheSessionReplays() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let recording = daemon.directory + "/session.jsonl"
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour", "record": .string(recording)], timeout: 30)["app"]?.string)
        _ = try Self.call(client, app, "app.settle")
        // At the root: nothing to pop, an error, and no turn.
        let root = try Self.call(client, app, "app.settle")
        #expect(throws: RPCError.self) { try Self.call(client, app, "app.pop") }
        _ = try Self.call(client, app, "app.push", ["scene": "Form"])
        let settled = try Self.call(client, app, "app.settle")
        do {
            _ = try Self.call(client, app, "app.type", ["view": "Form.disabled", "text": "abc"])
            Issue.record("typing into a disabled field succeeded")
        } catch let error as RPCError {
            #expect(error.code == -32010 && error.message.contains("disabled"), "\(error)")
            #expect(error.data?["turn"] == settled["turn"] && error.data?["digest"] == settled["digest"], "\(error)")
        }
        let session = try Self.call(client, app, "app.session")
        #expect(session["turn"] == settled["turn"] && session["digest"] == settled["digest"])
        #expect(session["inputs"]?.array?.allSatisfy { $0["ok"] == true } == true, "\(session.text)")
        _ = root
        _ = try Self.call(client, app, "app.type", ["view": "Form.name", "text": "Ada"])
        _ = try Self.call(client, app, "app.settle")
        let stopped = try Self.call(client, app, "record.stop")
        let (status, text) = try Self.replay(recording)
        #expect(status == 0, "\(text)")
        #expect(text.contains(stopped["digest"]?.string ?? "?") && !text.contains("note:"), "\(text)")
    }

    /// A settle and an advance that would run past the request's deadline (a repeating
    /// timer, a budget of 1e12 ms) stop at a turn boundary and answer in time; the app
    /// answers the next request, and the session replays to its digest.
    @Test func aSettleOrAdvancePastTheDeadlineStopsAndTheSessionReplays() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let recording = daemon.directory + "/session.jsonl"
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour", "record": .string(recording)], timeout: 30)["app"]?.string)
        _ = try Self.call(client, app, "app.settle")
        _ = try Self.call(client, app, "app.push", ["scene": "Spinner"])
        do {
            _ = try Self.call(client, app, "app.settle", ["budgetMs": 1e12, "maxTurns": 100_000_000, "deadlineMs": 1500])
            Issue.record("the spinner settled")
        } catch let error as RPCError {
            #expect(error.code == -32010 && error.data?["stoppedBy"] == "deadline", "\(error)")
            #expect(error.data?["pendingWork"]?["timers"]?.array?.contains { $0["owner"] == "Spinner.tick" } == true, "\(error)")
        }
        let advanced = try Self.call(client, app, "clock.advance", ["ms": 1e12, "deadlineMs": 1500])
        #expect(advanced["stoppedBy"] == "deadline" && (advanced["advancedMs"]?.double ?? 1e12) < 1e12, "\(advanced)")
        // The app answers at once, and the daemon's list pairs its turn and digest.
        let described = try Self.call(client, app, "app.describe")
        let listed = try #require(try client.call("app.list")["apps"]?.array?.first { $0["app"]?.string == app })
        #expect(listed["turn"] == described["turn"] && listed["digest"] == described["digest"], "\(listed) \(described["turn"] ?? nil)")
        _ = try Self.call(client, app, "clock.advance", ["ms": 50])
        let stopped = try Self.call(client, app, "record.stop")
        let (status, text) = try Self.replay(recording)
        #expect(status == 0, "\(text)")
        #expect(text.contains(stopped["digest"]?.string ?? "?"), "\(text)")
    }

    /// A launch of a file that is not there started an app process to find out; the
    /// daemon checks first (the next app is still app-1).
    @Test func aLaunchOfAMissingFileStartsNoProcess() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        do {
            _ = try client.call("app.launch", ["storyboard": .string(daemon.directory + "/none.storyboard")], timeout: 30)
            Issue.record("a missing storyboard launched")
        } catch let error as RPCError {
            #expect(error.code == -32602 && error.message.contains("none.storyboard is not a file"), "\(error)")
        }
        let app = try client.call("app.launch", ["sample": "AgentTour"], timeout: 30)["app"]
        #expect(app == "app-1")
    }
}
