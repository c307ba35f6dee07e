import Foundation
import Testing
import LifeloopScenario

@Suite struct AtomicFileTests {
    /// A fresh folder per test, so tests running in parallel never share files.
    private func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifeloop-atomic-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    private func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func writesANewFile() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appendingPathComponent("report.json").path
            try AtomicFile.write([0x7B, 0x7D, 0x0A], to: path)
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == [0x7B, 0x7D, 0x0A])
            #expect(try contents(of: folder) == ["report.json"])
        }
    }

    @Test func replacesAnExistingFileAndLeavesNoTemporaryFile() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appendingPathComponent("shard-3.json").path
            try AtomicFile.write("a first, much longer attempt at this shard's report\n", to: path)
            try AtomicFile.write("retry\n", to: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "retry\n")
            #expect(try contents(of: folder) == ["shard-3.json"])
        }
    }

    @Test func writesEmptyAndLargeFiles() throws {
        try withTemporaryFolder { folder throws in
            let empty = folder.appendingPathComponent("empty").path
            try AtomicFile.write([], to: empty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)

            // Several megabytes, so the kernel may well take them in more than one write.
            let bytes = (0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let large = folder.appendingPathComponent("large").path
            try AtomicFile.write(bytes, to: large)
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: large))) == bytes)
            #expect(try contents(of: folder) == ["empty", "large"])
        }
    }

    @Test func writesThroughADotComponent() throws {
        try withTemporaryFolder { folder throws in
            // The temporary file goes in the same directory as the target, whatever the
            // spelling; the working directory is shared by parallel tests, so no bare names.
            let path = folder.path + "/./relative.txt"
            try AtomicFile.write("here", to: path)
            #expect(try String(contentsOfFile: folder.appendingPathComponent("relative.txt").path, encoding: .utf8) == "here")
            #expect(try contents(of: folder) == ["relative.txt"])
        }
    }

    @Test func missingDirectoryIsAnErrorNamingThePath() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appendingPathComponent("absent/report.json").path
            let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write("x", to: path) }
            #expect(error?.message.contains(path) == true)
            #expect(error?.message.contains("No such file or directory") == true)
            #expect(error?.description == error?.message)
            #expect(try contents(of: folder).isEmpty)
        }
    }

    @Test func directoryAsTargetFailsAndCleansUp() throws {
        try withTemporaryFolder { folder throws in
            let target = folder.appendingPathComponent("occupied")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(
                at: target.appendingPathComponent("inside"), withIntermediateDirectories: false)
            // rename(2) cannot replace a non-empty directory with a file: the temporary file
            // must not be left behind.
            let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write("x", to: target.path) }
            #expect(error?.message.contains(target.path) == true)
            #expect(try contents(of: folder) == ["occupied"])
        }
    }

    @Test func pathWithoutAFileNameIsAnError() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.path + "/"
            let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write("x", to: path) }
            #expect(error?.message.contains(path) == true)
        }
    }
}

@Suite struct AtomicFileDeviceTests {
    @Test func aDeviceOrFIFOIsNeverReplaced() throws {
        #expect(throws: AtomicFileError.self) { try AtomicFile.write("x", to: "/dev/null") }
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still the device")
        let directory = try Fixtures.temporaryDirectory()
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)
        do {
            try AtomicFile.write("x", to: directory + "/fifo")
            Issue.record("a FIFO was replaced")
        } catch {
            #expect(error.description.contains("not a regular file"))
        }
    }
}
