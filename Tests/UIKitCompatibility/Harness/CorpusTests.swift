import Foundation
import LifeloopPictures
import Testing
import UIKit

/// The corpus run: each compiled file's controller (or view, in a host controller) is
/// shown in a window's navigation stack, pushed and popped, presented and dismissed; its
/// trace must show a balanced lifecycle. Each test makes its own app on its own thread.
@Suite("UIKit corpus")
struct CorpusTests {
    static let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus")

    @Test(arguments: Corpus.compiled.map(\.name))
    func runsABalancedLifecycle(_ name: String) throws {
        let entry = try #require(Corpus.compiled.first { $0.name == name })
        try CorpusRun.expectBalancedLifecycle(entry)
    }

    /// Every folder of the corpus is accounted for, and every file compiled here is the
    /// upstream file byte for byte: its git blob id is the one its ORIGIN.md records.
    @Test
    func everyCompiledFileIsUnchangedFromUpstream() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpusDirectory.path)
            .filter { !$0.hasSuffix(".md") }.sorted()
        let known = (Corpus.compiled.map(\.name) + Corpus.ported.map(\.name) + Corpus.blocked.map(\.name)).sorted()
        #expect(folders == known)
        let checked = Corpus.compiled.map { ($0.name, $0.file) } + Corpus.ported.map { ($0.name, $0.file) }
        for entry in checked.map({ (name: $0.0, file: $0.1) }) {
            let folder = Self.corpusDirectory.appendingPathComponent(entry.name)
            let origin = try String(contentsOf: folder.appendingPathComponent("ORIGIN.md"), encoding: .utf8)
            let recorded = origin.split(separator: "\n").first { $0.contains("blob SHA-1") }
                .flatMap { Self.firstBlobID(in: String($0)) }
            let data = try Data(contentsOf: folder.appendingPathComponent(entry.file))
            #expect(recorded == Self.gitBlobID(data), "\(entry.name)/\(entry.file) differs from upstream")
            let license = folder.appendingPathComponent("LICENSE")
            #expect(FileManager.default.fileExists(atPath: license.path), "\(entry.name) keeps its licence")
        }
        let share = Double(checked.count) / Double(folders.count)
        print("UIKit corpus: \(checked.count) of \(folders.count) files compile unchanged (\(Corpus.ported.count) through the port step) and run (\(Int((share * 100).rounded()))%)")
        #expect(share >= 0.5)
    }

    /// The first run of 40 lowercase hex digits in `text`.
    static func firstBlobID(in text: String) -> String? {
        var run = ""
        for character in text {
            if character.isHexDigit, !character.isUppercase {
                run.append(character)
                if run.count == 40 { return run }
            } else {
                run = ""
            }
        }
        return nil
    }

    /// Git's blob id: SHA-1 of `blob <size>\0` and the bytes.
    static func gitBlobID(_ data: Data) -> String {
        var message = Array("blob \(data.count)\0".utf8)
        message.append(contentsOf: data)
        return SHA1.hex(message)
    }
}

/// SHA-1 (FIPS 180-4), for git blob ids: there is no CryptoKit on Linux.
enum SHA1 {
    static func hex(_ message: [UInt8]) -> String {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message
        let bitLength = UInt64(message.count) * 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            for i in 0..<16 {
                w[i] = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[chunk + i * 4 + $1]) }
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e
        }
        return h.map { String($0, radix: 16).leftPadded(8) }.joined()
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
