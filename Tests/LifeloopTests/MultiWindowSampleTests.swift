import Testing
import Lifeloop

@Suite("The MultiWindow sample")
struct MultiWindowSampleTests {
    static let windows: Set<String> = ["phone", "tablet", "pro"]
    static let controllers: Set<String> = ["Mail", "Inbox", "Message", "Tabs", "Library", "Search", "Settings",
                                           "Home", "Compose"]

    private func run() throws -> Trace {
        try #require(SampleCatalog.named("MultiWindow")).run()
    }

    @Test
    func isDeterministic() throws {
        let first = try run()
        let second = try run()
        #expect(first.digest == second.digest)
        #expect(first.events == second.events)
    }

    @Test
    func controllerEventsOfTheThreeWindowsOverlapInTime() throws {
        let trace = try run()
        // After launch (time 0), when the scripted transitions run.
        let scripted = trace.events.filter { $0.time > 0 && Self.controllers.contains($0.label) }
        var ranges: [String: ClosedRange<UInt64>] = [:]
        for event in scripted where !event.window.isEmpty {
            let range = ranges[event.window].map { min($0.lowerBound, event.time)...max($0.upperBound, event.time) }
            ranges[event.window] = range ?? event.time...event.time
        }
        #expect(Set(ranges.keys) == Self.windows, "controller events of every window, got \(ranges)")
        let latestStart = try #require(ranges.values.map(\.lowerBound).max())
        let earliestEnd = try #require(ranges.values.map(\.upperBound).min())
        #expect(latestStart < earliestEnd, "the three windows' transitions overlap in time: \(ranges)")
    }

    @Test
    func eventsOfTheWindowsInterleave() throws {
        let trace = try run()
        let windowed = trace.events.filter { $0.time > 0 && Self.windows.contains($0.window) }.map(\.window)
        let switches = zip(windowed, windowed.dropFirst()).filter { $0 != $1 }.count
        #expect(switches >= 30, "window labels alternate, got \(switches) switches")
        // Between the phone's first and last scripted events, the other two windows act.
        let first = try #require(windowed.firstIndex(of: "phone"))
        let last = try #require(windowed.lastIndex(of: "phone"))
        let between = Set(windowed[first...last])
        #expect(between == Self.windows)
    }

    @Test
    func recordsNoDiagnostics() throws {
        let trace = try run()
        let diagnostics = Set(Diagnostic.Kind.allCases.map(\.rawValue))
        let found = trace.events.filter { diagnostics.contains($0.name) }.map(\.line)
        #expect(found.isEmpty, "diagnostics: \(found)")
    }

    @Test
    func theHeavyViewDidLoadDropsPhoneFrames() throws {
        let trace = try run()
        let consume = try #require(trace.events.first { $0.label == "loop" && $0.name == "consume" })
        #expect(consume.detail == "40000000ns")
        let load = try #require(trace.events.last { $0.sequence < consume.sequence })
        #expect(load.line == "Compose viewDidLoad")
        let dropped = try #require(trace.events.first { $0.label == "phone" && $0.name == "droppedFrames" })
        #expect(dropped.sequence > consume.sequence)
        #expect(dropped.time == consume.time + 40_000_000, "the first phone frame after the 40 ms callback drops")
        let metrics = try #require(trace.events.first { $0.label == "phone" && $0.name == "frameMetrics" })
        #expect(metrics.detail.contains("dropped=2"), "\(metrics.detail)")
        #expect(!metrics.detail.contains("hitchMsPerS=0.0"))
        let pro = try #require(trace.events.first { $0.label == "pro" && $0.name == "frameMetrics" })
        #expect(pro.detail.contains("dropped=0"), "pro starts animating after the callback: \(pro.detail)")
    }

    @Test
    func endsWithFrameMetricsOfEveryWindow() throws {
        let trace = try run()
        let tail = trace.events.suffix(3)
        #expect(tail.map(\.line) == ["phone frameMetrics", "tablet frameMetrics", "pro frameMetrics"])
        for event in tail {
            #expect(event.window == event.label)
            #expect(event.detail.hasPrefix("produced="))
            #expect(event.detail.contains(" p50=") && event.detail.contains(" p99=") && event.detail.contains(" hitchMsPerS="))
        }
    }
}
