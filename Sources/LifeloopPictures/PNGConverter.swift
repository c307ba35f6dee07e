import Foundation

/// Turns SVG into PNG with `rsvg-convert` (Debian's `librsvg2-bin`): Lifeloop writes no
/// rasterizer of its own.
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

    /// Writes `svg` as a PNG at `path` (through a temporary SVG next to it).
    /// - Throws: ``Failure`` naming what to install when `rsvg-convert` is missing, or
    ///   what it said when it failed.
    public static func writePNG(svg: String, to path: String) throws {
        guard let converter = converterPath() else {
            throw Failure(description: "\(path): writing PNG needs rsvg-convert, which is not installed; install Debian's librsvg2-bin (apt-get install -y librsvg2-bin), or write .svg")
        }
        let source = path + ".tmp-\(getpid()).svg"
        do {
            try svg.write(toFile: source, atomically: true, encoding: .utf8)
        } catch {
            throw Failure(description: "\(path): cannot write the temporary SVG \(source): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: source) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["--format", "png", "--output", path, source]
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch {
            throw Failure(description: "\(path): cannot run \(converter): \(error.localizedDescription)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(path): rsvg-convert failed (status \(process.terminationStatus)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    /// Renders `svg` as PNG bytes, through files in a fresh private temporary directory
    /// (never next to where the PNG will go, which may be a device or a read-only place).
    /// - Throws: ``Failure`` naming what to install when `rsvg-convert` is missing, or
    ///   what it said when it failed; `what` names the output in the message.
    public static func png(svg: String, for what: String) throws -> [UInt8] {
        guard converterPath() != nil else {
            throw Failure(description: "\(what): writing PNG needs rsvg-convert, which is not installed; install Debian's librsvg2-bin (apt-get install -y librsvg2-bin), or write .svg")
        }
        var template = Array((NSTemporaryDirectory() + "lifeloop-png-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "\(what): cannot create a temporary directory for rsvg-convert: \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/picture.png"
        try writePNG(svg: svg, to: output)
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
