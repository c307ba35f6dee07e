import Foundation
import Testing

/// The build step of `--sources`: what it reports is the app's, and all of it.
@Suite struct ProjectSourcesBuildTests {
    private func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "project-sources-build-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A clean app launched from its sources reports no diagnostic: building them (the
    /// port step's and the compiler's processes) is not the app's doing.
    @Test func aCleanAppFromSourcesHasNoDiagnostic() throws {
        let output = try CLI.run(["launch", ProjectSourcesTests.storyboard, "--sources", ProjectSourcesTests.sources,
                                  "--labels", "Counter"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Counter viewDidLoad"), "\(output.stdout)")
        #expect(!output.stderr.contains("diagnostic:"), "\(output.stderr)")
    }

    /// Every file's errors are reported, not only the first failing one's, each at the
    /// user's own file and line; an error in code the port step generated is given at the
    /// user's file too, and the ported copies are never named.
    @Test func everyErrorIsReportedAtTheOriginalFileAndLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sources = directory + "/Broken"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        for index in 1...5 {
            try """
                import UIKit

                class Controller\(index): UIViewController {
                    @IBOutlet weak var label: UILabel!
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        label.text = undefined\(index)
                    }
                }
                """.write(toFile: sources + "/Controller\(index).swift", atomically: true, encoding: .utf8)
        }
        try """
            import UIKit

            class Outlets: UIViewController {
                @IBOutlet weak var thing: NotAType!
            }
            """.write(toFile: sources + "/Outlets.swift", atomically: true, encoding: .utf8)
        let output = try CLI.run(["launch", ProjectSourcesTests.storyboard, "--sources", sources])
        #expect(output.status != 0)
        for index in 1...5 {
            #expect(output.stderr.contains("\(sources)/Controller\(index).swift:7:22: error: cannot find 'undefined\(index)' in scope"),
                    "\(output.stderr)")
        }
        #expect(output.stderr.contains("\(sources)/Outlets.swift:4:"), "\(output.stderr)")
        // The generated member that casts to the outlet's type: at the class's closing brace.
        #expect(output.stderr.contains("\(sources)/Outlets.swift:5:1: error: cannot find type 'NotAType' in scope"), "\(output.stderr)")
        #expect(!output.stderr.contains(".ported.swift"), "\(output.stderr)")
        // Each error once.
        #expect(output.stderr.components(separatedBy: "Outlets.swift:4:").count == 2, "\(output.stderr)")
    }

    /// The port step's errors and the compiler's come from one build, together.
    @Test func thePortStepsErrorsAndTheCompilersAreReportedTogether() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sources = directory + "/Both"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try """
            import UIKit

            class Swizzled: UIViewController {
                func swap() {
                    let cls: AnyClass? = NSClassFromString("Other")
                    _ = cls
                }
            }
            """.write(toFile: sources + "/Swizzled.swift", atomically: true, encoding: .utf8)
        try """
            import UIKit

            class Broken: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = missingName
                }
            }
            """.write(toFile: sources + "/Broken.swift", atomically: true, encoding: .utf8)
        let output = try CLI.run(["launch", ProjectSourcesTests.storyboard, "--sources", sources])
        #expect(output.status != 0)
        #expect(output.stderr.contains("\(sources)/Swizzled.swift:5:30: error: NSClassFromString"), "\(output.stderr)")
        #expect(output.stderr.contains("\(sources)/Broken.swift:6:17: error: cannot find 'missingName' in scope"), "\(output.stderr)")
    }
}
