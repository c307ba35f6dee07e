import Foundation
import Testing
import LifeloopCore

/// `InputFile.read` takes only regular files of bounded size: anything else is refused
/// before it is opened, so nothing here may block or read forever.
@Suite("Input files")
struct InputFileTests {
    /// A fresh folder for one test; the caller removes it.
    static func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The error reading `path` gives; records an issue if it reads.
    static func refusal(_ path: String, maxBytes: Int = InputFile.defaultMaxBytes,
                        sourceLocation: SourceLocation = #_sourceLocation) -> InputFileError? {
        do {
            let bytes = try InputFile.read(path: path, maxBytes: maxBytes)
            Issue.record("expected a refusal, read \(bytes.count) bytes", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.path == path, sourceLocation: sourceLocation)
            #expect(error.description == "\(path): \(error.reason)", sourceLocation: sourceLocation)
            return error
        }
    }

    @Test func aRegularFileIsReadWhole() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Larger than one read chunk (64 KiB), so the loop runs more than once.
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = folder + "/data.bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.read(path: path) == bytes)
        #expect(try InputFile.read(path: path, maxBytes: bytes.count) == bytes, "exactly the limit is allowed")

        let empty = folder + "/empty.json"
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try InputFile.read(path: empty, maxBytes: 0) == [])
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/pipe.json"
        try #require(mkfifo(path, 0o600) == 0)
        // No writer ever opens it: `open` alone would block here forever.
        let error = try #require(Self.refusal(path))
        #expect(error.reason == "it is a FIFO, not a regular file")

        // A link to it is followed and refused the same way.
        let link = folder + "/link.json"
        try #require(symlink(path, link) == 0)
        #expect(Self.refusal(link)?.reason == "it is a FIFO, not a regular file")
    }

    @Test func devZeroIsRefused() throws {
        // Endless: reading it would only stop when memory runs out.
        let error = try #require(Self.refusal("/dev/zero"))
        #expect(error.reason == "it is a character device, not a regular file")
    }

    @Test func aDirectoryIsRefused() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = try #require(Self.refusal(folder))
        #expect(error.reason == "it is a directory, not a regular file")
    }

    @Test func aFileOverTheLimitIsRefusedWithBothSizes() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.json"
        try Data(repeating: 0x20, count: 100).write(to: URL(fileURLWithPath: path))
        let error = try #require(Self.refusal(path, maxBytes: 50))
        #expect(error.reason == "it is 100 bytes, over the limit of 50 bytes")
        #expect(error.description == "\(path): it is 100 bytes, over the limit of 50 bytes")
        #expect(Self.refusal(path, maxBytes: 99)?.reason == "it is 100 bytes, over the limit of 99 bytes")
        #expect(Self.refusal(path, maxBytes: -1)?.reason == "it is 100 bytes, over the limit of 0 bytes")
    }

    @Test func aMissingFileIsNamed() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/absent.json"
        let error = try #require(Self.refusal(path))
        #expect(error.reason == "No such file or directory")
        #expect(error.description == "\(path): No such file or directory")

        let file = folder + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect(Self.refusal(file + "/inside.json")?.reason == "Not a directory")
    }

    @Test func theDefaultLimitIs64MiB() {
        #expect(InputFile.defaultMaxBytes == 64 << 20)
    }
}
