import Foundation
@testable import LifeloopHost
import Testing

/// The rows form's own writing and reading, without a daemon.
@Suite struct DescribeRowsTests {
    /// Numbers in rows are written digit by digit; the text is exactly what the nested
    /// form's JSON writer gives, for the values rows hold (frames rounded to 0.01, alphas,
    /// indices) and for any other double.
    @Test func numbersAreWrittenAsTheJSONWriterWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.01, -0.01, 0.05, 0.1, 0.29, 13.33, 44.99, 100.1,
                                414, 736, 1e9 - 0.01, 1e9, 1e9 + 0.5, -1e9 + 0.01, 1e15, 1e16, 1e300, 5e-324,
                                0.001, 0.005, 0.015, 1 / 3, .pi, .infinity, -.infinity, .nan, 123_456.78]
        for _ in 0..<20_000 {
            let raw = Double.random(in: -5_000...5_000, using: &generator)
            values.append(raw)
            values.append(DescribeRows.rounded(raw))
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 100)
        }
        for value in values {
            var fast: [UInt8] = []
            DescribeRows.number(value, into: &fast)
            var reference: [UInt8] = []
            JSON.double(value).write(into: &reference)
            #expect(fast == reference, "\(value): \(String(decoding: fast, as: UTF8.self)) is not \(String(decoding: reference, as: UTF8.self))")
        }
    }

    /// A key is the parent's, a slash, the label, and `#n` past the first sibling of that
    /// label, whatever the characters.
    @Test func keysJoinParentLabelAndOrdinal() {
        #expect(DescribeRows.joinedKey("main", "View#1", 0) == "main/View#1")
        #expect(DescribeRows.joinedKey("main/a", "b", 2) == "main/a/b#2")
        #expect(DescribeRows.joinedKey("", "", 0) == "/")
        #expect(DescribeRows.joinedKey("wïndow/émoji 🙂", "ラベル", 11) == "wïndow/émoji 🙂/ラベル#11")
        let long = String(repeating: "parent/", count: 40)
        #expect(DescribeRows.joinedKey(long, "x", 0) == long + "/x")
    }
}
