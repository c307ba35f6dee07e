import Foundation

/// `lifeloop launch X.xcodeproj` of a 10-file app (Samples/HelloApp's three files and
/// seven of models and views, copied to a fresh folder): cold, with an empty build cache
/// (the port step, the compiler and the launch), and warm, the same launch again with the
/// cache the cold one filled. Wall time of the whole process, median of 3 each, release
/// `lifeloop`. The peer is `swiftc -typecheck` of the same sources against the same
/// modules: what any build of them costs at the least. Goals: cold ≤ 5 s, warm ≤ 0.5 s.
/// `BENCH_ONLY=project` runs only this row.
enum ProjectLaunchWorkload {
    static let rounds = 3

    static func run() throws {
        let bin = DaemonWorkload.binDirectory
        let lifeloop = bin + "/lifeloop"
        guard FileManager.default.isExecutableFile(atPath: lifeloop) else {
            print("\nproject launch: skipped, no \(lifeloop) (make bench builds it)")
            return
        }
        let folder = NSTemporaryDirectory() + "bench-project-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: DaemonWorkload.checkout + "/Samples/HelloApp", toPath: folder)
        for index in 1...7 {
            try """
                import UIKit

                struct Item\(index): Equatable {
                    var title: String
                    var count: Int
                    func describe() -> String { "\\(title) \\(count)" }
                }

                final class ItemView\(index): UIView {
                    let label = UILabel()
                    var item = Item\(index)(title: "item", count: \(index)) { didSet { label.text = item.describe() } }
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        addSubview(label)
                    }
                    required init?(coder: NSCoder) { super.init(coder: coder) }
                    override func layoutSubviews() {
                        super.layoutSubviews()
                        label.frame = bounds.insetBy(dx: 8, dy: 4)
                    }
                }
                """.write(toFile: folder + "/HelloApp/Item\(index).swift", atomically: true, encoding: .utf8)
        }
        var cold: [Double] = []
        var warm: [Double] = []
        for _ in 0..<rounds {
            let cache = NSTemporaryDirectory() + "bench-cache-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: cache) }
            cold.append(try time(lifeloop, ["launch", folder, "--tap", "greet"], cache: cache))
            warm.append(try time(lifeloop, ["launch", folder, "--tap", "greet"], cache: cache))
        }
        let swiftFiles = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        var typecheck: [Double] = []
        let modules = FileManager.default.fileExists(atPath: bin + "/Modules/UIKit.swiftmodule") ? bin + "/Modules" : bin + "/../lib/lifeloop/Modules"
        for _ in 0..<rounds {
            // The sources as the port step leaves them are not on disk: the peer typechecks
            // the port step's output, written by `lifeloop port` first.
            let ported = NSTemporaryDirectory() + "bench-ported-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: ported) }
            _ = try time(lifeloop, ["port"] + swiftFiles.map { folder + "/" + $0 } + ["--output", ported], cache: nil)
            let files = try FileManager.default.subpathsOfDirectory(atPath: ported).filter { $0.hasSuffix(".swift") }.map { ported + "/" + $0 }
            typecheck.append(try time("/usr/bin/env", ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "5", "-I", modules,
                                                       "-module-alias", "Combine=LifeloopCombine"] + files, cache: nil))
        }
        let coldMedian = median(cold), warmMedian = median(warm), peer = median(typecheck)
        print("\nproject launch (lifeloop launch of a 10-file Xcode project, release; wall time of the process, median of \(rounds))")
        print(String(format: "  cold (port step, compile, launch, a tap): %.2f s; goal ≤ 5 s: %@", coldMedian, coldMedian <= 5 ? "met" : "NOT met"))
        print(String(format: "  warm (from the build cache):             %.3f s; goal ≤ 0.5 s: %@", warmMedian, warmMedian <= 0.5 ? "met" : "NOT met"))
        print(String(format: "  peer: swiftc -typecheck of the same ported files: %.2f s (cold is %.1f× that)", peer, coldMedian / peer))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Seconds the process took; it must succeed.
    static func time(_ path: String, _ arguments: [String], cache: String?) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if let cache { environment["LIFELOOP_CACHE_DIR"] = cache }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "bench", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(path) \(arguments.prefix(2).joined(separator: " ")) failed: \(String(decoding: errorText, as: UTF8.self).prefix(2000))"])
        }
        return seconds
    }
}
