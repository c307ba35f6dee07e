import LifeloopCore
import Yams

/// Reads scenario files (YAML or JSON, `lifeloop: 1`; see <doc:ScenarioFiles>) into
/// ``Scenario`` values.
///
/// Every problem is a ``ScenarioError`` naming the file, the line and column, the field
/// and what is allowed there; nothing else is thrown and no input makes it trap.
public enum ScenarioFile {
    /// The largest scenario or storyboard file read unless told otherwise: 64 MiB, as
    /// `InputFile/defaultMaxBytes`.
    public static let defaultMaxBytes = InputFile.defaultMaxBytes

    /// Reads and parses the scenario file at `path`; a relative storyboard path resolves
    /// against the file's folder.
    ///
    /// Only a regular file of at most `maxBytes` bytes is read: a FIFO, a device or a
    /// directory is refused before it is opened, so this never blocks or reads forever.
    /// The storyboard file of a storyboard app is read under the same rules, for the hash.
    public static func load(path: String, maxBytes: Int = defaultMaxBytes) throws(ScenarioError) -> Scenario {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: path, maxBytes: maxBytes)
        } catch {
            throw ScenarioError(file: path, field: "", message: "cannot read the scenario file: \(error.reason)")
        }
        let text = try decodeUTF8(bytes, file: path)
        return try read(text, file: path, directory: directory(of: path), maxBytes: maxBytes)
    }

    /// Parses a scenario's text.
    ///
    /// - Parameters:
    ///   - text: The YAML or JSON text.
    ///   - file: The file's name, for errors and the default scenario name.
    ///   - directory: What a relative `app: {storyboard: PATH}` resolves against.
    public static func parse(_ text: String, file: String, directory: String) throws(ScenarioError) -> Scenario {
        try read(text, file: file, directory: directory, maxBytes: defaultMaxBytes)
    }

    private static func read(_ text: String, file: String, directory: String,
                             maxBytes: Int) throws(ScenarioError) -> Scenario {
        if let bomb = YAMLBombGuard.check(text) {
            throw ScenarioError(file: file, line: bomb.line, column: bomb.column, field: "", message: bomb.message)
        }
        let root: Node?
        do {
            // UTF-8 explicitly: the default consults an environment variable and prints.
            root = try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch {
            throw syntaxError(error, file: file, text: text)
        }
        // `directory + "/" + PATH`, without doubling the slash of `/`.
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let reader = ScenarioReader(nodes: NodeReader(file: file), directory: folder, defaultName: baseName(file))
        let result = try reader.read(root)
        var scenario = result.scenario
        var hash = FNV1a()
        hash.combine(text.utf8)
        if let storyboard = result.storyboard {
            do {
                hash.combine(try InputFile.read(path: storyboard.path, maxBytes: maxBytes))
            } catch {
                throw reader.nodes.error(storyboard.value, error.sentence(reading: "the storyboard file"))
            }
        }
        // Body files are part of what a run serves: a changed one is another scenario.
        for rule in scenario.network?.rules ?? [] where !rule.body.isEmpty { hash.combine(rule.body) }
        scenario.hash = hash.hex
        return scenario
    }

    /// The folder part of a path, or `.` for a bare file name.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The file name without its folder and its last extension: `checkout` for
    /// `flows/checkout.yaml`.
    static func baseName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The bytes as text, or an error at the first byte that is not UTF-8.
    private static func decodeUTF8(_ bytes: [UInt8], file: String) throws(ScenarioError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1, lineStart = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                }
                offset += encoded.count
            case .emptyInput, .error:
                break loop
            }
        }
        let linePrefix = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self)
        let column = linePrefix.unicodeScalars.count + 1
        let byte = offset < bytes.count ? bytes[offset] : 0
        let hex = String(byte, radix: 16, uppercase: true)
        throw ScenarioError(file: file, line: line, column: column, field: "",
                            message: "the file is not UTF-8 text: byte 0x\(hex.count < 2 ? "0" + hex : hex) "
                                + "at offset \(offset) is not valid UTF-8; save the file as UTF-8")
    }

    /// A Yams error as a ScenarioError at the line and column Yams reports.
    private static func syntaxError(_ error: any Error, file: String, text: String) -> ScenarioError {
        let advice = "a scenario is YAML or JSON; check indentation, colons and quotes there"
        guard let yaml = error as? YamlError else {
            return ScenarioError(file: file, field: "", message: "cannot read the file as YAML: \(error)")
        }
        func at(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> ScenarioError {
            if problem.hasPrefix("Maximum nesting level") {
                return ScenarioError(file: file, line: mark.line, column: mark.column, field: "",
                                     message: "the YAML nests lists and maps too deeply here (the limit is 1000 levels); "
                                         + "a scenario needs only a few")
            }
            let context = context.map { " (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? ""
            return ScenarioError(file: file, line: mark.line, column: mark.column, field: "",
                                 message: "YAML syntax error: \(problem)\(context); \(advice)")
        }
        switch yaml {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return at(mark, problem, context)
        case .reader(let problem, let offset, _, _):
            let mark = offset.map { characterMark(text, offset: $0) }
            return ScenarioError(file: file, line: mark?.line, column: mark?.column, field: "",
                                 message: "YAML cannot read this text: \(problem); a scenario holds printable text only")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let repeated = duplicates.count == 1 ? "the key \(keys) appears" : "the keys \(keys) appear"
            return ScenarioError(file: file, line: context.mark.line, column: context.mark.column, field: "",
                                 message: "\(repeated) more than once in one map; each key may appear once")
        default:
            return ScenarioError(file: file, field: "", message: "cannot read the file as YAML: \(yaml)")
        }
    }

    /// Line and column (from 1) of a character offset into the text.
    private static func characterMark(_ text: String, offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for character in text.prefix(max(0, offset)) {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

/// 64-bit FNV-1a: small, stable across runs and platforms, enough to tell scenarios apart.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }

    /// A string's UTF-8 bytes, read in place where the string keeps them contiguous.
    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine($0) }
    }

    /// 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
