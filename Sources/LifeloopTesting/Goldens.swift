import Foundation
import Lifeloop
import LifeloopPictures

/// What a snapshot assertion compares.
public enum SnapshotFormat: String, Sendable, CaseIterable {
    /// The picture as SVG (``LifeloopSnapshot/svg(of:)-(Window)``), in `NAME.svg`.
    case svg
    /// The element tree as text (``LifeloopSnapshot/tree(of:)-(Window)``), in `NAME.tree.txt`.
    case tree

    /// The golden file's extension.
    public var fileExtension: String { self == .svg ? "svg" : "tree.txt" }
}

/// A folder of golden snapshots and how to compare against them, with no other library.
///
/// A golden is compared byte for byte: Lifeloop's SVG and element trees are the same bytes
/// on every machine, so there is no tolerance. When the environment variable
/// ``recordVariable`` (`LIFELOOP_ACCEPT_GOLDENS`, as Lifeloop's own golden tests) is `1`,
/// assertions write the goldens instead of comparing. Outside record mode a missing
/// golden fails, naming the path and the command that records it: an assertion never
/// passes without comparing.
///
/// A mismatch fails with three files, each path printed in the failure: the expected
/// (the golden), the actual, and a diff (for SVG a picture with both side by side and
/// their difference, also as PNG when `rsvg-convert` is installed; for trees a line diff).
///
/// ```swift
/// let goldens = SnapshotGoldens(folderNextTo: #filePath)   // Tests/MyAppTests/__Goldens__
/// goldens.assertSnapshot(of: window, as: .tree, named: "home")
/// goldens.assertSnapshot(of: window, as: .svg, named: "home")
/// ```
public struct SnapshotGoldens: Sendable {
    /// The environment variable that switches to record mode: Lifeloop's own.
    public static let recordVariable = "LIFELOOP_ACCEPT_GOLDENS"

    /// Where the goldens are.
    public var directory: String
    /// Whether assertions write the goldens instead of comparing.
    public var isRecording: Bool
    /// Where a failure's files go; a fresh folder under the temporary directory when nil.
    public var failureDirectory: String?
    /// Where failures go.
    public var reporter: FailureReporter

    /// Goldens in `directory`; record mode when `LIFELOOP_ACCEPT_GOLDENS=1` is in `environment`.
    public init(directory: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                failureDirectory: String? = nil, reporter: FailureReporter = .automatic) {
        self.directory = directory
        self.isRecording = environment[Self.recordVariable] == "1"
        self.failureDirectory = failureDirectory
        self.reporter = reporter
    }

    /// Goldens in a folder next to a test file: pass `#filePath`.
    /// - Parameters:
    ///   - filePath: The test file's path.
    ///   - folder: The folder's name, `__Goldens__` by default.
    ///   - environment: Where `LIFELOOP_ACCEPT_GOLDENS` is looked up: record mode when it is `1`.
    ///   - reporter: Where failures go.
    public init(folderNextTo filePath: StaticString, folder: String = "__Goldens__",
                environment: [String: String] = ProcessInfo.processInfo.environment, reporter: FailureReporter = .automatic) {
        let directory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(folder).path
        self.init(directory: directory, environment: environment, reporter: reporter)
    }

    /// Compares `window`'s snapshot with the golden `name` (plus the format's extension).
    /// - Returns: Whether it matched (or was recorded).
    @discardableResult
    public func assertSnapshot(of window: Window, as format: SnapshotFormat, named name: String,
                               fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let text = format == .svg ? LifeloopSnapshot.svg(of: window) : LifeloopSnapshot.tree(of: window)
        return assertMatches(text, format: format, named: name, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }

    /// Compares the snapshot of `view` and the views under it with the golden `name`.
    @discardableResult
    public func assertSnapshot(of view: View, as format: SnapshotFormat, named name: String,
                               fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let text = format == .svg ? LifeloopSnapshot.svg(of: view) : LifeloopSnapshot.tree(of: view)
        return assertMatches(text, format: format, named: name, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }

    /// Compares the snapshot of a controller's view with the golden `name`.
    @discardableResult
    public func assertSnapshot(of controller: ViewController, as format: SnapshotFormat, named name: String,
                               fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let text = format == .svg ? LifeloopSnapshot.svg(of: controller) : LifeloopSnapshot.tree(of: controller)
        return assertMatches(text, format: format, named: name, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }

    /// Compares `text` with the golden `name` (plus the format's extension), or records it.
    /// - Returns: Whether it matched (or was recorded).
    @discardableResult
    public func assertMatches(_ text: String, format: SnapshotFormat, named name: String,
                              fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let path = directory + "/" + name + "." + format.fileExtension
        if isRecording {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                print("recorded golden \(path)")
                return true
            } catch {
                reporter.fail("cannot record the golden \(path): \(error.localizedDescription)", at: site)
                return false
            }
        }
        guard FileManager.default.fileExists(atPath: path) else {
            let actual = writeFailureFiles(name: name, format: format, expected: nil, actual: text)
            reporter.fail("""
                no golden at \(path); nothing was compared. Record it with \
                \(Self.recordVariable)=1 (e.g. \(Self.recordVariable)=1 swift test --filter \(name)), look at it, and commit it.
                \(actual.summary)
                """, at: site)
            return false
        }
        guard let golden = try? String(contentsOfFile: path, encoding: .utf8) else {
            reporter.fail("the golden \(path) cannot be read as UTF-8 text", at: site)
            return false
        }
        guard golden != text else { return true }
        let files = writeFailureFiles(name: name, format: format, expected: golden, actual: text)
        let goldenLines = golden.components(separatedBy: "\n"), newLines = text.components(separatedBy: "\n")
        let first = zip(goldenLines, newLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(goldenLines.count, newLines.count)
        var message = "\(name).\(format.fileExtension) differs from its golden \(path) at line \(first + 1)\n"
        if format == .tree {
            message += TraceExpectation.lineDiff(goldenLines, newLines, limit: 30).joined(separator: "\n") + "\n"
        }
        message += files.summary
        message += "\nif the new one is right, record it with \(Self.recordVariable)=1"
        reporter.fail(message, at: site)
        return false
    }

    /// The files a failure leaves, and the text that names them.
    struct FailureFiles {
        var summary: String
    }

    private func writeFailureFiles(name: String, format: SnapshotFormat, expected: String?, actual: String) -> FailureFiles {
        let folder: String
        do {
            folder = try failureDirectory ?? Self.makeTemporaryDirectory()
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return FailureFiles(summary: "(no failure files: \(error))")
        }
        let base = folder + "/" + name
        let suffix = format == .svg ? "svg" : "txt"
        var lines: [String] = []
        func write(_ text: String, _ path: String, _ role: String) {
            do {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                lines.append("  \(role): \(path)")
            } catch {
                lines.append("  \(role): cannot write \(path): \(error.localizedDescription)")
            }
        }
        if let expected { write(expected, base + ".expected." + suffix, "expected") }
        write(actual, base + ".actual." + suffix, "actual  ")
        guard let expected else { return FailureFiles(summary: lines.joined(separator: "\n")) }
        if format == .svg {
            let diff = Self.diffPicture(expected: expected, actual: actual, title: name)
            write(diff, base + ".diff.svg", "diff    ")
            if PNGConverter.isAvailable() {
                do {
                    try PNGConverter.writePNG(svg: diff, to: base + ".diff.png")
                    lines.append("  diff    : \(base).diff.png")
                } catch {
                    lines.append("  diff PNG: \(error)")
                }
            } else {
                lines.append("  (no PNG of the diff: librsvg is not installed; apt-get install librsvg2-bin)")
            }
        } else {
            let diff = TraceExpectation.lineDiff(expected.components(separatedBy: "\n"), actual.components(separatedBy: "\n"),
                                                 limit: 10_000)
            write("--- expected\n+++ actual\n" + diff.joined(separator: "\n") + "\n", base + ".diff.txt", "diff    ")
        }
        return FailureFiles(summary: lines.joined(separator: "\n"))
    }

    /// A fresh folder under the temporary directory for one failure's files.
    static func makeTemporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "lifeloop-snapshot-failure-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw FailureFolderError(description: "cannot create a folder for the failure files: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// One SVG with three panels: the expected picture, the actual one, and the actual
    /// drawn over the expected with `mix-blend-mode: difference` (black where they agree).
    public static func diffPicture(expected: String, actual: String, title: String) -> String {
        let (ew, eh) = size(of: expected), (aw, ah) = size(of: actual)
        let panel = max(ew, aw), height = max(eh, ah) + 24
        let gap = 16.0
        let width = 3 * panel + 2 * gap
        func nested(_ svg: String, x: Double) -> String {
            var body = svg
            if let prolog = body.range(of: "?>") , body.hasPrefix("<?xml") { body = String(body[prolog.upperBound...]) }
            return "<g transform=\"translate(\(svgNumber(x)) 24)\">\n" + body + "\n</g>"
        }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\">\n"
        out += "<title>\(title): expected, actual, difference</title>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        for (index, caption) in ["expected", "actual", "difference (black where equal)"].enumerated() {
            out += "<text x=\"\(svgNumber(Double(index) * (panel + gap) + 4))\" y=\"16\" font-size=\"13\" font-family=\"DejaVu Sans, sans-serif\">\(caption)</text>\n"
        }
        out += nested(expected, x: 0) + "\n" + nested(actual, x: panel + gap) + "\n"
        out += "<g transform=\"translate(\(svgNumber(2 * (panel + gap))) 24)\" style=\"isolation:isolate\">\n"
        out += "<rect width=\"\(svgNumber(panel))\" height=\"\(svgNumber(height - 24))\" fill=\"#000000\"/>\n"
        out += "<g style=\"mix-blend-mode:difference\">" + nested(expected, x: 0) + "</g>\n"
        out += "<g style=\"mix-blend-mode:difference\">" + nested(actual, x: 0) + "</g>\n"
        out += "</g>\n</svg>\n"
        return out
    }

    /// The `width` and `height` of an SVG's root element (400×300 when it has none).
    static func size(of svg: String) -> (Double, Double) {
        guard let start = svg.range(of: "<svg") else { return (400, 300) }
        let tag = svg[start.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> Double? {
            guard let range = tag.range(of: " \(name)=\"") else { return nil }
            return Double(tag[range.upperBound...].prefix { $0 != "\"" })
        }
        return (attribute("width") ?? 400, attribute("height") ?? 300)
    }
}

/// A failure folder that could not be made.
private struct FailureFolderError: Error, CustomStringConvertible {
    let description: String
}
