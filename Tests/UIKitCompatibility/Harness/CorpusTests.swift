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

    /// Shows a view made by `make` in its own controller's view.
    final class Host: UIViewController {
        let make: () -> UIView
        init(make: @escaping () -> UIView) {
            self.make = make
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("not used") }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let shown = make()
            shown.traceLabel = "CorpusView"
            if shown.frame.size == .zero { shown.sizeToFit() }
            if shown.frame.size == .zero { shown.frame.size = CGSize(width: 120, height: 44) }
            shown.frame.origin = CGPoint(x: 20, y: 100)
            view.addSubview(shown)
        }
    }

    struct Run {
        var lines: [String]
        var snapshots: [String]
        var diagnostics: [String]
    }

    /// Push, pop, present, dismiss, release: the whole trace and two snapshots.
    static func exercise(_ entry: CorpusEntry) throws -> Run {
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let root = UIViewController(nibName: nil, label: "Root")
        let navigation = UINavigationController(rootViewController: root, label: "Nav")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()
        var snapshots: [String] = []
        do {
            let controller: UIViewController
            switch entry.kind {
            case .controller(let make): controller = make()
            case .view(let make): controller = Host(make: make)
            }
            controller.traceLabel = "Corpus"
            navigation.pushViewController(controller, animated: true)
            try app.settle()
            snapshots.append(window.snapshot())
            navigation.popViewController(animated: true)
            try app.settle()
            root.present(controller, animated: true)
            try app.settle()
            snapshots.append(window.snapshot())
            controller.dismiss(animated: true)
            try app.settle()
        }
        try app.settle()
        return Run(lines: app.trace.lines, snapshots: snapshots, diagnostics: app.diagnostics.map(\.message))
    }

    @Test(arguments: Corpus.compiled.map(\.name))
    func runsABalancedLifecycle(_ name: String) throws {
        let entry = try #require(Corpus.compiled.first { $0.name == name })
        let run = try Self.exercise(entry)
        let mine = run.lines.filter { $0.hasPrefix("Corpus ") }.map { String($0.dropFirst("Corpus ".count)) }
        let appearance = mine.filter { ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"].contains($0) }
        // Pushed then popped, presented then dismissed: two full rounds, in order.
        #expect(appearance == Array(repeating: ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"],
                                    count: 2).flatMap { $0 }, "\(name): \(mine)")
        #expect(mine.filter { $0 == "viewDidLoad" }.count == 1, "\(name) loads its view once")
        #expect(mine.contains("dealloc"), "\(name) is released once popped and dismissed")
        #expect(run.snapshots.allSatisfy { $0.contains("<svg") && $0.contains("view of Corpus") })
        if case .view = entry.kind {
            let view = run.lines.filter { $0.hasPrefix("CorpusView ") }
            #expect(view.filter { $0 == "CorpusView willMoveToWindow" }.count
                    == view.filter { $0 == "CorpusView didMoveToWindow" }.count)
            #expect(view.contains("CorpusView drawRect"), "\(name) was drawn")
            #expect(run.snapshots[0].contains("data-label=\"CorpusView\""))
            if entry.draws {
                #expect(run.snapshots[0].contains("data-role=\"drawing\""), "\(name)'s draw(_:) display list is in the snapshot")
            }
        }
    }

    /// Every folder of the corpus is accounted for, and every file compiled here is the
    /// upstream file byte for byte: its git blob id is the one its ORIGIN.md records.
    @Test
    func everyCompiledFileIsUnchangedFromUpstream() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpusDirectory.path)
            .filter { !$0.hasSuffix(".md") }.sorted()
        let known = (Corpus.compiled.map(\.name) + Corpus.blocked.map(\.name)).sorted()
        #expect(folders == known)
        for entry in Corpus.compiled {
            let folder = Self.corpusDirectory.appendingPathComponent(entry.name)
            let origin = try String(contentsOf: folder.appendingPathComponent("ORIGIN.md"), encoding: .utf8)
            let recorded = origin.split(separator: "\n").first { $0.contains("blob SHA-1") }
                .flatMap { Self.firstBlobID(in: String($0)) }
            let data = try Data(contentsOf: folder.appendingPathComponent(entry.file))
            #expect(recorded == Self.gitBlobID(data), "\(entry.name)/\(entry.file) differs from upstream")
            let license = folder.appendingPathComponent("LICENSE")
            #expect(FileManager.default.fileExists(atPath: license.path), "\(entry.name) keeps its licence")
        }
        let share = Double(Corpus.compiled.count) / Double(folders.count)
        print("UIKit corpus: \(Corpus.compiled.count) of \(folders.count) files compile unchanged and run (\(Int((share * 100).rounded()))%)")
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
