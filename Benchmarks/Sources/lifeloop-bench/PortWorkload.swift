import Foundation
import LifeloopPort

/// The port step's row: the UIKit corpus (Tests/UIKitCompatibility/Corpus, 26 real files)
/// ported as one module in memory (parse, both passes, output), best of 10: milliseconds
/// per 1,000 lines. Goal: at most 50. `BENCH_ONLY=port` runs only this row.
enum PortWorkload {
    static func run() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/UIKitCompatibility/Corpus")
        var sources: [PortSource] = []
        let enumerator = FileManager.default.enumerator(atPath: corpus.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let path = corpus.appendingPathComponent(relative).path
            sources.append(PortSource(path: path, text: try String(contentsOfFile: path, encoding: .utf8)))
        }
        let lines = sources.reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count }
        let seconds = try ParseWorkloads.bestSeconds(of: 10) {
            let result = Porter.port(sources)
            precondition(result.files.count == sources.count)
        }
        let perThousand = seconds * 1000 / (Double(lines) / 1000)
        print("\nport step (the UIKit corpus: \(sources.count) files, \(lines) lines, one module; release; best of 10)")
        print(String(format: "  %.1f ms per 1,000 lines (%.1f ms in all)", perThousand, seconds * 1000)
              + "; goal ≤ 50 ms: " + (perThousand <= 50 ? "met" : "NOT met"))
    }
}
