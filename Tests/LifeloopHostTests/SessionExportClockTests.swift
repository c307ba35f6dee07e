import LifeloopHost
import Testing

/// A session's inputs carry the virtual clock before and after each one; a damaged file
/// (a hand-edited or fuzzed recording) can say anything there.
@Suite struct SessionExportClockTests {
    func session(before: Int, now: Int) -> JSON {
        ["document": ["name": "S", "app": ["sample": "AgentTour"]], "launch": ["seed": 1], "clock": "virtual",
         "turn": 3, "digest": "d", "now": 10,
         "inputs": [["input": "clock.advance", "params": ["ms": 1], "ok": true, "before": .int(before), "now": .int(now)]]]
    }

    @Test func extremeClockReadingsAreAnErrorNotATrap() {
        for (before, now) in [(Int.min, 5), (-1, 5), (10, 5), (-(1 << 62), 1 << 62)] {
            #expect(throws: ScenarioExportError.self) { try ScenarioExport(session: session(before: before, now: now)) }
        }
        let error = #expect(throws: ScenarioExportError.self) { try ScenarioExport(session: session(before: -(1 << 62), now: 1 << 62)) }
        #expect(error?.message.contains("input 0 (clock.advance)") == true)
    }

    @Test func aSpanOfVirtualTimeIsAnAdvance() throws {
        let export = try ScenarioExport(session: session(before: 4, now: 10))
        #expect(export.text.contains("  - advance: 6ns\n"))
    }
}
