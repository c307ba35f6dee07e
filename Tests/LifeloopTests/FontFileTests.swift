import Foundation
import Testing
@testable import Lifeloop

/// Reading font files: a cut, malformed or missing file is an error that names it, never a
/// crash, and a missing font folder falls back to the built-in table with one warning.
@Suite struct FontFileTests {
    private func interRegular() throws -> [UInt8] {
        let path = FontFaces.defaultDirectory + "/" + FontFaces.fileNames.regular
        return [UInt8](try #require(FileManager.default.contents(atPath: path), "fonts-inter is not installed"))
    }

    @Test func theInstalledRegularFaceReads() throws {
        let face = try FontFace(bytes: try interRegular(), file: "Inter-Regular.otf")
        #expect(face.unitsPerEm == 2816)
        #expect(face.glyph(for: "H").map(face.advance(of:)) == 2084)
    }

    @Test func aCutFileIsAnErrorAtEveryLength() throws {
        let bytes = try interRegular()
        for length in [0, 3, 4, 11, 12, 100, 400, 1000, bytes.count / 2, bytes.count - 100] {
            #expect(throws: FontFileError.self, "cut at \(length) bytes") {
                try FontFace(bytes: Array(bytes.prefix(length)), file: "cut.otf")
            }
        }
    }

    @Test func aCutFileSaysWhichFileAndWhy() throws {
        let bytes = try interRegular()
        do {
            _ = try FontFace(bytes: Array(bytes.prefix(1000)), file: "cut.otf")
            Issue.record("a cut file was read")
        } catch {
            #expect(error.file == "cut.otf")
            #expect(error.reason.contains("runs past the end of the file"))
        }
    }

    @Test func notAFontIsAnError() {
        #expect(throws: FontFileError(file: "x", reason: "is not an OpenType or TrueType font (its first four bytes are 0x3c3f786d)")) {
            try FontFace(bytes: Array("<?xml version='1.0'?>".utf8), file: "x")
        }
    }

    @Test func hostileTableCountsAndOffsetsAreErrors() throws {
        let bytes = try interRegular()
        // A table count of 65,535: the directory runs past the end.
        var many = bytes
        many[4] = 0xFF; many[5] = 0xFF
        #expect(throws: FontFileError.self) { try FontFace(bytes: many, file: "many") }
        // Every table's offset moved to the last bytes of the file.
        var far = bytes
        for index in 0..<Int(bytes[4]) << 8 | Int(bytes[5]) {
            let record = 12 + 16 * index
            far[record + 8] = 0x7F; far[record + 9] = 0xFF
        }
        #expect(throws: FontFileError.self) { try FontFace(bytes: far, file: "far") }
    }

    @Test func scrambledBytesNeverCrash() throws {
        let bytes = try interRegular()
        // A fixed scramble (a linear congruential sequence): every 97th byte after the
        // directory replaced. Reading either succeeds or throws; it must not trap.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var outcomes = 0
        for round in 0..<8 {
            var scrambled = bytes
            var index = 200 + round * 13
            while index < scrambled.count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scrambled[index] = UInt8(truncatingIfNeeded: state >> 33)
                index += 97
            }
            do { _ = try FontFace(bytes: scrambled, file: "scrambled") } catch { }
            outcomes += 1
        }
        #expect(outcomes == 8)
    }

    @Test func aFolderWithACutFileFallsBackWithOneWarning() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cut = Data(try interRegular().prefix(5000))
        try cut.write(to: directory.appendingPathComponent(FontFaces.fileNames.regular))
        var warnings: [String] = []
        let faces = FontFaces.load(environment: ["LIFELOOP_FONT_DIR": directory.path]) { warnings.append($0) }
        #expect(faces == nil)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("built-in advance table") == true)
        #expect(warnings.first?.contains(directory.path + "/Inter-Regular.otf") == true)
    }

    @Test func aMissingFolderFallsBackWithOneWarning() {
        var warnings: [String] = []
        let faces = FontFaces.load(environment: ["LIFELOOP_FONT_DIR": "/nonexistent/fonts"]) { warnings.append($0) }
        #expect(faces == nil)
        #expect(warnings == ["lifeloop: text is measured with the built-in advance table, not Inter: "
                             + "/nonexistent/fonts/Inter-Regular.otf: cannot be read (is fonts-inter installed? make pictures-deps installs it)"])
    }

    @Test func theFolderIsTheEnvironmentsOrDebians() {
        #expect(FontFaces.directory(environment: [:]) == "/usr/share/fonts/opentype/inter")
        #expect(FontFaces.directory(environment: ["LIFELOOP_FONT_DIR": "/opt/fonts"]) == "/opt/fonts")
    }
}
