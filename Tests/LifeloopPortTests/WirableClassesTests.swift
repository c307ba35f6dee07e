import Foundation
import LifeloopPort
import Testing

/// The classes whose subclasses' generated members override rather than conform: the list
/// the port step carries is the one Lifeloop's modules declare.
@Suite("Port step: the module's wirable classes")
struct WirableClassesTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file of the `Lifeloop` and `UIKit` modules.
    static func moduleSources() throws -> [PortSource] {
        var sources: [PortSource] = []
        for module in ["Sources/Lifeloop", "Sources/UIKit"] {
            let root = checkout.appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files.sorted() {
                let path = root.appendingPathComponent(file).path
                sources.append(PortSource(path: path, text: try String(contentsOfFile: path, encoding: .utf8)))
            }
        }
        return sources
    }

    @Test func theListIsTheModulesOwn() throws {
        let derived = Porter.wirableClasses(declaredIn: try Self.moduleSources())
        #expect(derived.contains("UITableViewCell") && derived.contains("View"), "\(derived.sorted())")
        let missing = derived.subtracting(Porter.wirableClasses).sorted()
        let extra = Porter.wirableClasses.subtracting(derived).sorted()
        #expect(missing.isEmpty && extra.isEmpty,
                "Porter.wirableClasses differs from the module: add \(missing.map { "\"\($0)\"" }.joined(separator: ", ")); remove \(extra)")
    }
}

/// Subclasses of UIKit's table, collection, stack and text classes and their cells own
/// outlets as a view controller's subclasses do: their members override.
@Suite("Port step: outlets in cells and list views")
struct CellOutletTests {
    static let cellSource = """
        import UIKit

        class PersonCell: UITableViewCell {
            @IBOutlet weak var nameLabel: UILabel!
            @IBAction func follow(_ sender: UIButton) {}
        }

        class PhotoCell: UICollectionViewCell {
            @IBOutlet weak var imageView: UIImageView!
        }

        class Header: UITableViewHeaderFooterView {
            @IBOutlet weak var titleLabel: UILabel!
        }

        class Stack: UIStackView {
            @IBOutlet var rows: [UIView]!
        }

        class Notes: UITextView {
            @IBOutlet weak var counter: UILabel!
        }

        class List: UITableView {
            @IBOutlet weak var empty: UILabel!
        }

        class Grid: UICollectionView {
            @IBOutlet weak var empty: UILabel!
        }

        class Reusable: UICollectionReusableView {
            @IBOutlet weak var label: UILabel!
        }
        """

    @Test(arguments: ["PersonCell", "PhotoCell", "Header", "Stack", "Notes", "List", "Grid", "Reusable"])
    func theMembersOverrideAndAddNoConformance(name: String) {
        let text = ported(Self.cellSource, path: "/app/Cells.swift")
        #expect(!text.contains("extension \(name): NameWirable"), "\(text)")
        let body = text.components(separatedBy: "class \(name):")[1].components(separatedBy: "\nclass ")[0]
        #expect(body.contains("override func lifeloopSetOutlet"), "\(body)")
    }

    @Test(.enabled(if: PortedSampleTests.swiftc != nil
                   && FileManager.default.fileExists(atPath: PortedSampleTests.modules + "/UIKit.swiftmodule"),
                   "needs swiftc on PATH and the build's Modules"))
    func thePortedCellsTypecheck() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-port-cells-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Cells.ported.swift")
        try ported(Self.cellSource, path: "/app/Cells.swift").write(to: file, atomically: true, encoding: .utf8)
        let clibuv = PortedSampleTests.packageDirectory.appendingPathComponent("Sources/CLibUV").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(PortedSampleTests.swiftc))
        process.arguments = ["-typecheck", "-swift-version", "5", "-module-name", "Cells", "-parse-as-library",
                             "-module-cache-path", directory.appendingPathComponent("cache").path,
                             "-I", PortedSampleTests.modules, "-I", clibuv, "-Xcc", "-fmodule-map-file=\(clibuv)/module.modulemap",
                             file.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let diagnostics = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(diagnostics)")
    }
}
