import Foundation
import LifeloopPort
import Testing

/// What the port command refuses to do with its input and output: write outside the output
/// directory, follow links out of a source folder, and fail without saying why.
@Suite("Port step: safe input and output")
struct PortSafetyTests {
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-port-safety-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: ["/../../../evil", "/x", "..", "a/b", "..\\evil", "\\x"])
    func aSuffixThatLeavesTheOutputIsRefused(suffix: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = directory.appendingPathComponent("a/b/c/src")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "let v = 1\n".write(to: sources.appendingPathComponent("V.swift"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("a/b/c/out")
        var errors = ""
        let status = PortTool.run(sources: [sources.path], output: output.path, suffix: suffix) { errors += $0 }
        #expect(status == 2)
        #expect(errors.contains("--suffix '\(suffix)'"), "\(errors)")
        // Nothing was written anywhere.
        let written = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        #expect(written.filter { $0.hasSuffix(".swift") } == ["a/b/c/src/V.swift"], "\(written)")
    }

    @Test func anOrdinarySuffixStillWorks() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "let v = 1\n".write(to: directory.appendingPathComponent("V.swift"), atomically: true, encoding: .utf8)
        var errors = ""
        let status = PortTool.run(sources: [directory.appendingPathComponent("V.swift").path],
                                  output: directory.appendingPathComponent("out").path, suffix: ".ported") { errors += $0 }
        #expect(status == 0, "\(errors)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/V.ported.swift").path))
    }

    @Test func linksInASourceFolderAreSkippedWithANote() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = directory.appendingPathComponent("src")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try "let a = 1\n".write(to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let secret = elsewhere.appendingPathComponent("secret.txt")
        try "root:x:0:0:secret\n".write(to: secret, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("Passwd.swift").path,
                                                   withDestinationPath: secret.path)
        try "let b = 2\n".write(to: elsewhere.appendingPathComponent("B.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("Linked").path,
                                                   withDestinationPath: elsewhere.path)
        let output = directory.appendingPathComponent("out")
        var errors = ""
        let status = PortTool.run(sources: [sources.path], output: output.path) { errors += $0 }
        #expect(status == 0, "\(errors)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("A.swift").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Passwd.swift").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Linked/B.swift").path))
        #expect(errors.contains(sources.appendingPathComponent("Passwd.swift").path + ": note: skipped: it is a symbolic link"), "\(errors)")
        #expect(errors.contains(sources.appendingPathComponent("Linked").path + ": note: skipped"), "\(errors)")
    }

    @Test func aFolderOfOnlyLinksHasNothingToPort() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = directory.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("Passwd.swift").path,
                                                   withDestinationPath: "/etc/passwd")
        var errors = ""
        let status = PortTool.run(sources: [sources.path], output: directory.appendingPathComponent("out").path) { errors += $0 }
        #expect(status == 2)
        #expect(errors.contains("Passwd.swift: note: skipped") && errors.contains("no *.swift files"), "\(errors)")
    }

    @Test func anUnwritableOutputSaysWhyInWordsNamingThePath() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "let v = 1\n".write(to: directory.appendingPathComponent("V.swift"), atomically: true, encoding: .utf8)
        // A file where the output folder should be (as /dev/full/x is).
        let blocker = directory.appendingPathComponent("file")
        try "".write(to: blocker, atomically: true, encoding: .utf8)
        var errors = ""
        let status = PortTool.run(sources: [directory.appendingPathComponent("V.swift").path],
                                  output: blocker.appendingPathComponent("x").path) { errors += $0 }
        #expect(status == 2)
        #expect(errors.contains(blocker.appendingPathComponent("x/V.swift").path + ": cannot write the ported file"), "\(errors)")
        #expect(errors.contains("\(blocker.path) is not a directory"), "\(errors)")
        #expect(!errors.contains("NSCocoaErrorDomain") && !errors.contains("error 512"), "\(errors)")

        // A file given as the output folder.
        errors = ""
        let onFile = PortTool.run(sources: [directory.appendingPathComponent("V.swift").path], output: blocker.path) { errors += $0 }
        #expect(onFile == 2)
        #expect(errors.contains("\(blocker.path) is a file, not a directory"), "\(errors)")

        // The device of /dev/full/x itself, where there is one.
        if FileManager.default.fileExists(atPath: "/dev/full") {
            errors = ""
            let full = PortTool.run(sources: [directory.appendingPathComponent("V.swift").path], output: "/dev/full/x") { errors += $0 }
            #expect(full == 2)
            #expect(errors.contains("/dev/full/x/V.swift: cannot write the ported file") && errors.contains("/dev/full is not a directory"),
                    "\(errors)")
            #expect(!errors.contains("NSCocoaErrorDomain"), "\(errors)")
        }
    }
}
