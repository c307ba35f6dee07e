import Foundation
import Testing
@testable import LifeloopCore

/// Digest-only tracing keeps the digests of a run and none of its events; the older
/// `traceCapacity`/`traceEnabled` settings still say the same things.
@Suite("Trace modes")
struct TraceModeTests {
    /// Events over several turns of a virtual-clock loop, as `TraceTests.sample` records
    /// them, but more of them.
    static func run(_ configuration: LoopConfiguration, sink: ((TraceEvent) -> Void)? = nil) throws -> EventLoop {
        let loop = try EventLoop(configuration)
        loop.trace.sink = sink
        loop.record(label: "A", event: "viewDidLoad")
        for index in 0..<300 {
            loop.schedule(after: .microseconds(index % 37)) {
                loop.record(label: "v\(index)", event: "tick", detail: index % 5 == 0 ? "\(index)ns" : "",
                            window: index % 2 == 0 ? "main" : "")
            }
        }
        try loop.runUntilIdle()
        return loop
    }

    @Test func digestOnlyKeepsTheDigestsAndNoEvent() throws {
        let kept = try Self.run(LoopConfiguration(clock: .virtual))
        let digestOnly = try Self.run(LoopConfiguration(clock: .virtual, traceMode: .digestOnly))
        #expect(digestOnly.trace.mode == .digestOnly)
        #expect(digestOnly.trace.isEnabled)
        #expect(digestOnly.trace.capacity == 0)
        #expect(digestOnly.trace.count == kept.trace.count)
        #expect(digestOnly.trace.events.isEmpty)
        #expect(digestOnly.trace.renderLines() == "")
        #expect(digestOnly.trace.digest == kept.trace.digest)
        #expect(digestOnly.trace.turnDigests.count == kept.trace.turnDigests.count)
        #expect(digestOnly.trace.turnDigests.map(\.turn) == kept.trace.turnDigests.map(\.turn))
        #expect(digestOnly.trace.turnDigests.map(\.digest) == kept.trace.turnDigests.map(\.digest))
        for (turn, digest) in kept.trace.turnDigests {
            #expect(digestOnly.trace.digest(ofTurn: turn) == digest)
        }
    }

    @Test func digestOnlyStillHandsEveryEventToTheSinkAndTheStream() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var heard: [TraceEvent] = []
        let kept = try Self.run(LoopConfiguration(clock: .virtual))
        let loop = try EventLoop(LoopConfiguration(clock: .virtual, traceMode: .digestOnly))
        try loop.trace.stream(toFileAtPath: path)
        loop.trace.sink = { heard.append($0) }
        loop.record(label: "A", event: "viewDidLoad")
        for index in 0..<300 {
            loop.schedule(after: .microseconds(index % 37)) {
                loop.record(label: "v\(index)", event: "tick", detail: index % 5 == 0 ? "\(index)ns" : "",
                            window: index % 2 == 0 ? "main" : "")
            }
        }
        try loop.runUntilIdle()
        try loop.close()
        #expect(heard == kept.trace.events)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == kept.trace.renderJSONLines())
    }

    @Test func theOlderSettingsAreTraceModes() {
        #expect(LoopConfiguration().traceMode == .unbounded)
        #expect(LoopConfiguration(traceCapacity: 10).traceMode == .bounded(capacity: 10))
        #expect(LoopConfiguration(traceCapacity: 10, traceEnabled: false).traceMode == .off)
        #expect(LoopConfiguration(traceEnabled: false).traceMode == .off)

        var configuration = LoopConfiguration(clock: .virtual, traceMode: .digestOnly)
        #expect(configuration.clock == .virtual)
        #expect(configuration.traceEnabled)
        #expect(configuration.traceMode == .digestOnly)
        // Setting a capacity keeps events again.
        configuration.traceCapacity = 5
        #expect(configuration.traceMode == .bounded(capacity: 5))
        configuration.traceMode = .off
        #expect(!configuration.traceEnabled)
        configuration.traceMode = .unbounded
        #expect(configuration.traceEnabled && configuration.traceCapacity == nil)
        configuration.traceMode = .bounded(capacity: 3)
        #expect(configuration.traceCapacity == 3)
    }

    @Test func eachModeMakesTheTraceItSays() throws {
        let modes: [TraceMode] = [.off, .digestOnly, .bounded(capacity: 7), .unbounded]
        for mode in modes {
            let loop = try Self.run(LoopConfiguration(clock: .virtual, traceMode: mode))
            #expect(loop.trace.mode == mode)
            switch mode {
            case .off:
                #expect(!loop.trace.isEnabled && loop.trace.count == 0 && loop.trace.turnDigests.isEmpty)
            case .digestOnly:
                #expect(loop.trace.capacity == 0 && loop.trace.events.isEmpty)
            case .bounded:
                #expect(loop.trace.capacity == 7 && loop.trace.events.count == 7 && loop.trace.turnDigests.count == 7)
            case .unbounded:
                #expect(loop.trace.capacity == nil && loop.trace.events.count == 301)
            }
        }
        // The older settings give the same traces.
        #expect(try Self.run(LoopConfiguration(clock: .virtual, traceCapacity: 7)).trace.mode == .bounded(capacity: 7))
        #expect(try Self.run(LoopConfiguration(clock: .virtual, traceCapacity: 0)).trace.mode == .bounded(capacity: 1))
    }

    /// A bounded ring that wraps many times still hands back its events and turns in order.
    @Test func aBoundedTraceWrapsInOrder() throws {
        let loop = try Self.run(LoopConfiguration(clock: .virtual, traceMode: .bounded(capacity: 3)))
        let all = try Self.run(LoopConfiguration(clock: .virtual))
        #expect(loop.trace.events == Array(all.trace.events.suffix(3)))
        #expect(loop.trace.turnDigests.map(\.turn) == Array(all.trace.turnDigests.suffix(3).map(\.turn)))
        #expect(loop.trace.turnDigests.map(\.digest) == Array(all.trace.turnDigests.suffix(3).map(\.digest)))
        #expect(loop.trace.digest(ofTurn: all.trace.turnDigests[0].turn) == nil)
    }
}
