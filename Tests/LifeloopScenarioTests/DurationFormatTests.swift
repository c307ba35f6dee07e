import Testing
@testable import LifeloopScenario

@Suite struct DurationFormatTests {
    @Test func durationsPrintInTheirLargestWholeUnit() {
        #expect(formatDuration(.milliseconds(40)) == "40ms")
        #expect(formatDuration(.seconds(2)) == "2s")
        #expect(formatDuration(.microseconds(1500)) == "1500us")
        #expect(formatDuration(.nanoseconds(12)) == "12ns")
        #expect(formatDuration(.zero) == "0ms")
    }
}
