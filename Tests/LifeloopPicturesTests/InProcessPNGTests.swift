import Foundation
import Lifeloop
@testable import LifeloopPictures
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A PNG read back: its chunks checked (lengths, CRCs, IHDR first, IEND last) and its
/// pixels inflated and unfiltered, as 8-bit RGBA.
struct DecodedPNG {
    struct Invalid: Error, CustomStringConvertible { let description: String }

    let width: Int
    let height: Int
    let colorType: UInt8
    let chunkTypes: [String]
    /// Four bytes a pixel (RGB gets alpha 255).
    let rgba: [UInt8]

    init(_ bytes: [UInt8]) throws {
        func be32(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        guard bytes.count > 8, Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Invalid(description: "no PNG signature") }
        var at = 8, types: [String] = [], header: [UInt8] = [], idat: [UInt8] = []
        while at < bytes.count {
            guard at + 12 <= bytes.count else { throw Invalid(description: "truncated chunk at \(at)") }
            let length = Int(be32(at))
            guard at + 12 + length <= bytes.count else { throw Invalid(description: "chunk at \(at) runs past the end") }
            let typed = Array(bytes[at + 4..<at + 8 + length])
            guard DecodedPNG.crc32(typed) == be32(at + 8 + length) else { throw Invalid(description: "bad CRC in chunk at \(at)") }
            let type = String(decoding: typed.prefix(4), as: UTF8.self)
            types.append(type)
            if type == "IHDR" { header = Array(typed.dropFirst(4)) }
            if type == "IDAT" { idat += typed.dropFirst(4) }
            at += 12 + length
        }
        guard types.first == "IHDR", types.last == "IEND", header.count == 13 else { throw Invalid(description: "chunks \(types)") }
        width = Int(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        height = Int(header[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        colorType = header[9]
        chunkTypes = types
        guard header[8] == 8, colorType == 2 || colorType == 6, header[12] == 0 else { throw Invalid(description: "unsupported IHDR \(header)") }
        let channels = colorType == 2 ? 3 : 4, rowBytes = width * channels
        let raw = try DecodedPNG.inflate(idat, expected: height * (rowBytes + 1))
        var previous = [UInt8](repeating: 0, count: rowBytes), out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            var row = Array(raw[y * (rowBytes + 1) + 1..<(y + 1) * (rowBytes + 1)])
            for x in 0..<rowBytes {
                let a = x >= channels ? Int(row[x - channels]) : 0, b = Int(previous[x]), c = x >= channels ? Int(previous[x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Invalid(description: "filter \(filter) on row \(y)")
                }
                row[x] = row[x] &+ UInt8(truncatingIfNeeded: predictor)
            }
            for x in 0..<width {
                out += row[x * channels..<x * channels + 3]
                out.append(channels == 4 ? row[x * channels + 3] : 255)
            }
            previous = row
        }
        rgba = out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// zlib's `uncompress`, opened for the test.
    static func inflate(_ data: [UInt8], expected: Int) throws -> [UInt8] {
        typealias Uncompress = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt) -> Int32
        guard let zlib = dlopen("libz.so.1", RTLD_NOW), let symbol = dlsym(zlib, "uncompress") else { throw Invalid(description: "no zlib") }
        let uncompress = unsafeBitCast(symbol, to: Uncompress.self)
        var out = [UInt8](repeating: 0, count: expected + 1)
        var length = UInt(out.count)
        let status = out.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, UInt($0.count)) }
        }
        guard status == 0, Int(length) == expected else { throw Invalid(description: "inflate status \(status), \(length) bytes for \(expected)") }
        return Array(out.prefix(expected))
    }
}

@Suite("PNG in process")
struct InProcessPNGTests {
    /// A window snapshot with text, rectangles, a pattern and a translucent fill: what
    /// the MCP `snapshot` tool converts.
    static func snapshotSVG() -> String {
        var document = SVGDocument(width: 200, height: 120)
        document.define("<pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#eeeeee\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#bbbbbb\" stroke-width=\"2\"/></pattern>")
        document.rect(x: 0, y: 0, width: 200, height: 120, fill: "#fafafa")
        document.rect(x: 0, y: 0, width: 200, height: 20, fill: "url(#hatch)")
        for index in 0..<12 {
            let x = Double(index % 4) * 50, y = 24 + Double(index / 4) * 30
            document.rect(x: x, y: y, width: 48, height: 28, fill: "#34c759", stroke: "#555555",
                          extra: [("fill-opacity", "0.5"), ("rx", "4")], title: "cell \(index)")
            document.text("Cell·\(index) é", x: x + 3, y: y + 11, size: 9, fill: "#111")
        }
        return document.render(title: "test")
    }

    /// A drawing with transparent parts: written as RGBA, straight alpha.
    static let translucentSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="41" height="23" viewBox="0 0 41 23"><circle cx="11" cy="11" r="9" fill="#1a73e8" fill-opacity="0.6"/><text x="20" y="15" font-size="10" fill="#d93025">ok</text></svg>
        """

    @Test func theRasterizerOpensTheLibrariesWhereRsvgConvertIsInstalled() {
        guard PNGConverter.converterPath() != nil else { return }
        #expect(SVGRasterizer.shared.isAvailable, "\(SVGRasterizer.shared.loadFailure ?? "")")
    }

    /// Every chunk's CRC is right, IHDR gives the SVG's size, and the picture is small.
    @Test func theInProcessPNGIsValid() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let bytes = try #require(try SVGRasterizer.shared.png(svg: Self.snapshotSVG(), for: "test"))
        let png = try DecodedPNG(bytes)
        #expect(png.chunkTypes == ["IHDR", "IDAT", "IEND"])
        #expect((png.width, png.height) == (200, 120))
        #expect(png.colorType == 2, "every pixel is opaque: RGB")
        #expect(bytes.count < 1 << 20)
        let translucent = try DecodedPNG(try #require(try SVGRasterizer.shared.png(svg: Self.translucentSVG, for: "test")))
        #expect(translucent.colorType == 6)
        #expect((translucent.width, translucent.height) == (41, 23))
        #expect(translucent.rgba[0..<4] == [0, 0, 0, 0], "the corner is transparent")
    }

    /// The process and the library draw the same picture: the same size and the same
    /// pixels, whatever encoding each PNG uses.
    @Test(arguments: [0, 1]) func inProcessAndProcessGiveTheSamePixels(_ which: Int) throws {
        guard SVGRasterizer.shared.isAvailable, PNGConverter.converterPath() != nil else { return }
        let svg = which == 0 ? Self.snapshotSVG() : Self.translucentSVG
        let inProcess = try DecodedPNG(try #require(try SVGRasterizer.shared.png(svg: svg, for: "test")))
        let process = try DecodedPNG(try PNGConverter.processPNG(svg: svg, for: "test", environment: ProcessInfo.processInfo.environment))
        #expect((inProcess.width, inProcess.height) == (process.width, process.height))
        let differing = zip(stride(from: 0, to: inProcess.rgba.count, by: 4), stride(from: 0, to: process.rgba.count, by: 4)).filter {
            inProcess.rgba[$0.0..<$0.0 + 4] != process.rgba[$0.1..<$0.1 + 4]
        }.count
        #expect(differing == 0, "\(differing) pixels differ")
    }

    /// The same SVG gives the same bytes on every call, and from a second rasterizer (as
    /// in another process).
    @Test func theSameSVGGivesTheSameBytes() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let svg = Self.snapshotSVG()
        let first = try #require(try SVGRasterizer.shared.png(svg: svg, for: "test"))
        let second = try #require(try SVGRasterizer.shared.png(svg: svg, for: "test"))
        let other = SVGRasterizer { () throws(RasterLibraries.LoadFailure) in try RasterLibraries() }
        let third = try #require(try other.png(svg: svg, for: "test"))
        #expect(first == second)
        #expect(first == third)
        #expect(try PNGConverter.png(svg: svg, for: "test") == first, "the public call takes the in-process path")
    }

    /// Conversions from several threads at once are serialized and each gets its own
    /// picture.
    @Test func conversionsFromSeveralThreadsAreSerialized() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let svgs = [Self.snapshotSVG(), Self.translucentSVG]
        let expected = try svgs.map { try #require(try SVGRasterizer.shared.png(svg: $0, for: "test")) }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var byIndex: [Int: [UInt8]] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let bytes = try? SVGRasterizer.shared.png(svg: svgs[index % 2], for: "test")
            results.lock.withLock { results.byIndex[index] = bytes ?? [] }
        }
        #expect(results.byIndex.count == 8)
        for (index, bytes) in results.byIndex { #expect(bytes == expected[index % 2]) }
    }

    /// Libraries that cannot be opened: the process draws the PNG instead, and with no
    /// `rsvg-convert` either the error says what to install.
    @Test func withoutTheLibrariesTheProcessDrawsThePNG() throws {
        let failing = SVGRasterizer { () throws(RasterLibraries.LoadFailure) in throw RasterLibraries.LoadFailure(description: "test: no librsvg") }
        #expect(!failing.isAvailable)
        #expect(failing.loadFailure == "test: no librsvg")
        #expect(try failing.png(svg: Self.snapshotSVG(), for: "test") == nil)
        if PNGConverter.converterPath() != nil {
            let bytes = try PNGConverter.png(svg: Self.snapshotSVG(), for: "test", rasterizer: failing)
            let png = try DecodedPNG(bytes)
            #expect((png.width, png.height) == (200, 120))
        }
        #expect {
            try PNGConverter.png(svg: Self.snapshotSVG(), for: "out.png", rasterizer: failing, environment: ["PATH": "/nonexistent"])
        } throws: { error in
            "\(error)".hasPrefix("out.png: writing PNG needs librsvg (rsvg-convert), which is not installed; install Debian's librsvg2-bin")
        }
    }

    /// A library that is not there is named in the load failure.
    @Test func aMissingLibraryIsNamed() {
        #expect {
            _ = try RasterLibraries(names: .init(rsvg: "liblifeloop-no-such-rsvg.so.2"))
        } throws: { error in
            "\(error)".hasPrefix("cannot open liblifeloop-no-such-rsvg.so.2")
        }
    }

    /// SVG that librsvg cannot read or draw is an error naming the input, not a crash.
    @Test(arguments: [
        ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect", "the SVG cannot be read"),
        ("not svg at all", "the SVG cannot be read"),
        ("", "the SVG cannot be read"),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"10\"/>", "a PNG needs a positive width and height"),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40000\" height=\"10\"/>", "larger than a PNG is drawn"),
    ]) func badSVGIsAClearError(_ svg: String, _ reason: String) {
        guard SVGRasterizer.shared.isAvailable else { return }
        #expect {
            _ = try PNGConverter.png(svg: svg, for: "bad.svg")
        } throws: { error in
            "\(error)".hasPrefix("bad.svg: ") && "\(error)".contains(reason)
        }
    }

    /// An SVG without a size of its own in pixels goes to `rsvg-convert`, which has its own
    /// rules for it.
    @Test func anSVGWithoutAPixelSizeGoesToTheProcess() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" viewBox=\"0 0 30 20\"><rect width=\"30\" height=\"20\" fill=\"red\"/></svg>"
        #expect(try SVGRasterizer.shared.png(svg: svg, for: "test") == nil)
    }
}
