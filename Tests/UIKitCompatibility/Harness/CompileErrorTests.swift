import Foundation
import Testing

/// What a developer sees when UIKit code uses target-action on Linux: the compiler names
/// the closure form. Each snippet is typechecked by `swiftc` against the UIKit module this
/// build made (the `Modules` folder beside the test bundle), as a file of theirs would be.
@Suite("UIKit compile errors")
struct CompileErrorTests {
    static let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("Modules").path
    static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let swiftc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Typechecks `source` as a file that imports UIKit: the exit status and the diagnostics.
    /// Without `libuvHeaders`, the compile is given no way to find libuv's headers, as for a
    /// package that does not depend on Lifeloop but shares its build folder.
    /// With `optimizedObject`, the file is compiled with `-O` to an object instead, which
    /// also reads the bodies of the inlinable functions it calls.
    static func typecheck(_ source: String, libuvHeaders: Bool = true, optimizedObject: Bool = false) throws
        -> (status: Int32, diagnostics: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Controller.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let clibuv = packageDirectory.appendingPathComponent("Sources/CLibUV").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(swiftc))
        let mode = optimizedObject ? ["-c", "-O", "-parse-as-library", "-o", directory.appendingPathComponent("Controller.o").path]
            : ["-typecheck"]
        process.arguments = mode + ["-swift-version", "5", "-module-cache-path", directory.appendingPathComponent("cache").path,
                             "-I", modules]
            + (libuvHeaders ? ["-I", clibuv, "-Xcc", "-fmodule-map-file=\(clibuv)/module.modulemap"] : [])
            + [file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let diagnostics = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, diagnostics)
    }

    static let header = """
        import UIKit
        final class Controller: UIViewController {
            let button = UIButton(type: .system)
            func save() {}
            override func viewDidLoad() {
                super.viewDidLoad()

        """

    /// A package built beside Lifeloop that tests `#if canImport(UIKit)` (swift-snapshot-testing
    /// does) finds this UIKit and imports it, without libuv's module map: libuv is an
    /// implementation detail of the loop, so importing UIKit never needs it. A build that
    /// compiled such a package after UIKit failed with "missing required module 'CLibUV'".
    @Test(.enabled(if: swiftc != nil, "needs swiftc on PATH"))
    func uikitImportsWithoutLibuvsHeaders() throws {
        let result = try Self.typecheck(Self.header + """
                    view.setNeedsLayout()
                }
            }
            func traced(by loop: EventLoop) { loop.record(label: "Controller", event: "probe") }
            #if canImport(UIKit)
            let found = true
            #endif
            """, libuvHeaders: false, optimizedObject: true)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    @Test(.enabled(if: swiftc != nil, "needs swiftc on PATH"))
    func theClosureFormsCompile() throws {
        let result = try Self.typecheck(Self.header + """
                    button.addAction(UIAction { [unowned self] _ in save() }, for: .touchUpInside)
                    navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Save", style: .done, primaryAction: UIAction { _ in })
                }
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    @Test(.enabled(if: swiftc != nil, "needs swiftc on PATH"))
    func targetActionCompilesWithSelectorValues() throws {
        // What the port step makes of `#selector(save)`: a selector value.
        let result = try Self.typecheck(Self.header + """
                    button.addTarget(self, action: Selector("save"), for: .touchUpInside)
                    navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: nil)
                    navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Back", style: .plain, target: nil, action: Selector("back"))
                    _ = Timer.scheduledTimer(timeInterval: 1, target: self, selector: Selector("save"), userInfo: nil, repeats: false)
                    NotificationCenter.default.addObserver(self, selector: Selector("save"), name: .init("N"), object: nil)
                    NotificationCenter.default.removeObserver(self)
                    perform(Selector("save"), with: nil, afterDelay: 1)
                }
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    @Test(.enabled(if: swiftc != nil, "needs swiftc on PATH"))
    func aSelectorIsTheCompilersOwnError() throws {
        let result = try Self.typecheck(Self.header + """
                    button.addTarget(self, action: #selector(save), for: .touchUpInside)
                }
            }
            """)
        #expect(result.status != 0)
        #expect(result.diagnostics.contains("'#selector' can only be used with the Objective-C runtime"))
    }
}
