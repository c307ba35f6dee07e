import Foundation

/// Turns SVG into PNG with librsvg, the library of Debian's `librsvg2-bin`: inside this
/// process when its libraries can be opened, else by running its `rsvg-convert`. Lifeloop
/// writes no rasterizer of its own.
///
/// In process, librsvg draws on a cairo surface (the same pixels `rsvg-convert` draws) and
/// Lifeloop encodes the PNG itself: RGB when every pixel is opaque, else RGBA, deflated at
/// a fast zlib level. The same SVG gives the same bytes on every call and run (with one
/// librsvg and zlib); the `rsvg-convert` fallback gives the same pixels in a different
/// encoding.
public enum PNGConverter {
    /// Why a PNG could not be written, naming the path and what to do.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, naming the path and what to install or do.
        public let description: String
    }

    /// The converter on `PATH`, or nil.
    public static func converterPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/rsvg-convert"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether PNG can be written: librsvg's libraries open in this process, or
    /// `rsvg-convert` is on `environment`'s `PATH`.
    public static func isAvailable(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        SVGRasterizer.shared.isAvailable || converterPath(environment: environment) != nil
    }

    /// What to install when ``isAvailable(environment:)`` is false, naming `what`.
    static func missingMessage(_ what: String) -> String {
        "\(what): writing PNG needs librsvg (rsvg-convert), which is not installed; install Debian's librsvg2-bin (apt-get install -y librsvg2-bin), or write .svg"
    }

    /// Writes `svg` as a PNG at `path`.
    /// - Throws: ``Failure`` naming what to install when librsvg is missing, or what
    ///   failed (the SVG unreadable, the file unwritable).
    public static func writePNG(svg: String, to path: String) throws {
        let bytes = try png(svg: svg, for: path)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Failure(description: "\(path): cannot write: \(error.localizedDescription)")
        }
    }

    /// Renders `svg` as PNG bytes: in this process when librsvg's libraries open, else
    /// through `rsvg-convert` and files in a fresh private temporary directory (never next
    /// to where the PNG will go, which may be a device or a read-only place).
    /// - Throws: ``Failure`` naming `what` and what to install when librsvg is missing, or
    ///   what failed (librsvg's or `rsvg-convert`'s words for an unreadable SVG).
    public static func png(svg: String, for what: String) throws -> [UInt8] {
        try png(svg: svg, for: what, rasterizer: .shared)
    }

    /// ``png(svg:for:)`` with a given in-process rasterizer (tests give one whose
    /// libraries fail to open) and `PATH`.
    package static func png(svg: String, for what: String, rasterizer: SVGRasterizer,
                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [UInt8] {
        if let bytes = try rasterizer.png(svg: svg, for: what) { return bytes }
        return try processPNG(svg: svg, for: what, environment: environment)
    }

    /// `svg` as PNG bytes from the `rsvg-convert` process.
    static func processPNG(svg: String, for what: String, environment: [String: String]) throws -> [UInt8] {
        guard let converter = converterPath(environment: environment) else { throw Failure(description: missingMessage(what)) }
        var template = Array((NSTemporaryDirectory() + "lifeloop-png-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "\(what): cannot create a temporary directory for rsvg-convert: \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = directory + "/picture.svg", output = directory + "/picture.png"
        do {
            try svg.write(toFile: source, atomically: false, encoding: .utf8)
        } catch {
            throw Failure(description: "\(what): cannot write the temporary SVG \(source): \(error.localizedDescription)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["--format", "png", "--output", output, source]
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch {
            throw Failure(description: "\(what): cannot run \(converter): \(error.localizedDescription)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(what): rsvg-convert failed (status \(process.terminationStatus)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        guard let data = FileManager.default.contents(atPath: output) else {
            throw Failure(description: "\(what): rsvg-convert wrote no PNG")
        }
        return Array(data)
    }

    /// Writes `svg` to `path`: SVG text for `.svg`, PNG for `.png`.
    /// - Throws: ``Failure`` for any other extension, or from ``writePNG(svg:to:)``.
    public static func write(svg: String, to path: String) throws {
        if path.lowercased().hasSuffix(".png") { return try writePNG(svg: svg, to: path) }
        guard path.lowercased().hasSuffix(".svg") else {
            throw Failure(description: "\(path): a picture is written as .svg or .png; the name says neither")
        }
        do {
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw Failure(description: "\(path): cannot write: \(error.localizedDescription)")
        }
    }
}
