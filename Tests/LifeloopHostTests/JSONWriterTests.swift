import Foundation
import LifeloopCore
@testable import LifeloopHost
import Testing

/// The JSON writer's strings: exactly the escapes of a byte-by-byte writer, wherever the
/// bytes that need one fall among the eight-byte runs it looks at at once.
@Suite struct JSONWriterTests {
    /// Escapes one byte at a time: quote, backslash, \n \r \t, \u00XX below 0x20.
    private func reference(_ text: String) -> [UInt8] {
        var out: [UInt8] = [34]
        for byte in text.utf8 {
            switch byte {
            case 34: out += [92, 34]
            case 92: out += [92, 92]
            case 10: out += [92, 110]
            case 13: out += [92, 114]
            case 9: out += [92, 116]
            case 0..<32: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(34)
        return out
    }

    @Test func stringsAreEscapedAsByteByByte() {
        // Every special byte at every place of a 17-byte text, among ASCII and UTF-8.
        let specials: [Character] = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1f}", "\u{7f}", " ", "!", "#", "[", "]", "é", "🙂"]
        for special in specials {
            for place in 0..<17 {
                var text = Array(repeating: Character("a"), count: 17)
                text[place] = special
                let string = String(text)
                var out: [UInt8] = []
                JSON.writeString(string, into: &out)
                #expect(out == reference(string), "\(special.unicodeScalars.first!.value) at \(place)")
            }
        }
        var generator = SystemRandomNumberGenerator()
        let pool = Array("abc \"\\\n\r\t\u{0}\u{8}\u{1f} !\u{7f}é∑🙂{}[]:,#\u{2028}")
        for _ in 0..<5_000 {
            let string = String((0..<Int.random(in: 0..<40, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
            var out: [UInt8] = []
            JSON.writeString(string, into: &out)
            #expect(out == reference(string), "\(string.debugDescription)")
        }
    }

    @Test func theEightByteTestNeverMissesAByteThatNeedsAnEscape() {
        for special: UInt8 in Array(0..<32) + [34, 92] {
            for place in 0..<8 {
                for filler: UInt8 in [0x20, 0x21, 0x41, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = special
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(JSONText.mayNeedEscape(word), "\(special) at \(place) among \(filler)")
                }
            }
        }
        for filler: UInt8 in [0x20, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF] {
            let word = [UInt8](repeating: filler, count: 8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(!JSONText.mayNeedEscape(word), "\(filler)")
        }
    }
}
