#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an input file was refused or could not be read; `description` is "PATH: reason".
public struct InputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as it was named to ``InputFile/read(path:maxBytes:)``.
    public let path: String
    /// What is wrong, a clause that reads after the file's name or after "cannot read
    /// the file:": the system's words for a failed call ("No such file or directory",
    /// "Permission denied"), "it is a FIFO, not a regular file", "it is 120 bytes, over
    /// the limit of 50 bytes".
    public let reason: String

    /// The line the problem is on (from 1), when it is one line's: ``InputLines`` sets it.
    public let line: Int?

    /// Creates an error for `path`, or for one of its lines.
    public init(path: String, line: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `PATH: reason`, or `PATH:LINE: reason`.
    public var description: String { line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)" }

    /// `cannot read WHAT 'PATH': reason`, as in "cannot read the storyboard file
    /// 'Feed.json': No such file or directory".
    public func sentence(reading what: String) -> String {
        "cannot read \(what) '\(path)': \(reason)"
    }
}

/// Reads whole input files (storyboards, nibs, scenarios, reports) that may come from
/// anyone, so they must be regular files of bounded size.
///
/// The type and size are checked with `stat` before opening, so a FIFO (whose `open`
/// blocks until a writer appears) or a device such as `/dev/zero` (endless) is never
/// read. The descriptor is opened non-blocking and checked again with `fstat`, in case the
/// path was swapped between the two calls, and reading stops once past the limit, in case
/// the file grows.
public enum InputFile {
    /// The largest file read unless told otherwise: 64 MiB.
    public static let defaultMaxBytes = 64 << 20

    /// The bytes of the regular file at `path`.
    /// - Parameters:
    ///   - path: The file; a symbolic link is followed to what it names.
    ///   - maxBytes: The largest size accepted; a negative value accepts only empty files.
    /// - Throws: ``InputFileError`` naming `path` when it is missing, unreadable, not a
    ///   regular file or larger than `maxBytes` (the message gives both sizes).
    public static func read(path: String, maxBytes: Int = defaultMaxBytes) throws(InputFileError) -> [UInt8] {
        let limit = max(0, maxBytes)
        func problem(_ reason: String) -> InputFileError { InputFileError(path: path, reason: reason) }

        var info = stat()
        let descriptor = try openChecked(path: path, limit: limit, info: &info)
        defer { close(descriptor) }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(exactly: info.st_size) ?? 0)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                readSome(descriptor, buffer)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw problem(describe(errno: errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk.prefix(count))
            if bytes.count > limit { throw problem(tooLarge(bytes.count, limit: limit, atLeast: true)) }
        }
    }

    /// Opens `path` for reading once `stat` and then `fstat` of the descriptor show a
    /// regular file of at most `limit` bytes; `info` is the descriptor's `fstat`.
    /// - Returns: The descriptor (non-blocking, close-on-exec); the caller closes it.
    static func openChecked(path: String, limit: Int, info: inout stat) throws(InputFileError) -> Int32 {
        func problem(_ reason: String) -> InputFileError { InputFileError(path: path, reason: reason) }
        guard stat(path, &info) == 0 else { throw problem(describe(errno: errno)) }
        if let reason = refusal(info, limit: limit) { throw problem(reason) }

        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw problem(describe(errno: errno)) }
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw problem(describe(errno: code))
        }
        if let reason = refusal(info, limit: limit) {
            close(descriptor)
            throw problem(reason)
        }
        return descriptor
    }

    /// Why a file with this `stat` is not read, or nil when it may be.
    private static func refusal(_ info: stat, limit: Int) -> String? {
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { return "it is \(describe(kind: kind)), not a regular file" }
        let size = Int(exactly: info.st_size) ?? .max
        return size > limit ? tooLarge(size, limit: limit, atLeast: false) : nil
    }

    static func tooLarge(_ size: Int, limit: Int, atLeast: Bool) -> String {
        "it is \(atLeast ? "at least " : "")\(size) bytes, over the limit of \(limit) bytes"
    }

    /// What a file of this kind (`st_mode & S_IFMT`) is, in words: "a directory", "a FIFO".
    public static func describe(kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// The system's words for `code`, as `strerror` gives them ("No such file or directory").
    static func describe(errno code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}

/// `read(2)`, named apart from `InputFile.read` so the C function is the one called.
func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

/// Reads an input file one line at a time, under the checks of ``InputFile``: only a
/// regular file of at most `maxBytes` bytes is opened (a FIFO or a device is refused
/// before it is opened, so this never blocks or reads forever), and no line may be longer
/// than `maxLineBytes`, so memory stays bounded by one line whatever the file holds.
///
/// - Warning: Not thread-safe; use it from one thread at a time.
public final class InputLines {
    /// The file as it was named.
    public let path: String
    /// The largest file accepted, in bytes.
    public let maxBytes: Int
    /// The longest line accepted, in bytes, without its line feed.
    public let maxLineBytes: Int
    /// The number of the line last returned by ``next()``, from 1; 0 before the first.
    public private(set) var lineNumber = 0
    /// Whether the line last returned ended with a line feed (the last line of a file
    /// may not).
    public private(set) var lineEnded = true
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var totalRead = 0
    private var atEnd = false

    /// Opens the regular file at `path`.
    /// - Parameters:
    ///   - path: The file to read.
    ///   - maxBytes: The largest file accepted (``InputFile/defaultMaxBytes`` unless told).
    ///   - maxLineBytes: The longest line accepted.
    /// - Throws: ``InputFileError`` naming `path` when it is missing, unreadable, not a
    ///   regular file or larger than `maxBytes`.
    public init(path: String, maxBytes: Int = InputFile.defaultMaxBytes, maxLineBytes: Int) throws(InputFileError) {
        self.path = path
        self.maxBytes = max(0, maxBytes)
        self.maxLineBytes = max(0, maxLineBytes)
        var info = stat()
        descriptor = try InputFile.openChecked(path: path, limit: self.maxBytes, info: &info)
    }

    deinit {
        close(descriptor)
    }

    /// The next line without its line feed, or nil at the end of the file.
    /// - Throws: ``InputFileError`` when the line is longer than ``maxLineBytes`` (its
    ///   ``InputFileError/line`` names the line), the file grows past ``maxBytes`` or cannot be read.
    public func next() throws(InputFileError) -> ArraySlice<UInt8>? {
        var searched = start
        while true {
            if let newline = buffer[searched...].firstIndex(of: 10) {
                let line = buffer[start..<newline]
                try check(line.count)
                start = newline + 1
                lineNumber += 1
                lineEnded = true
                return line
            }
            searched = buffer.count
            try check(buffer.count - start)
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                lineEnded = false
                return line
            }
            // Keep the unfinished line, drop what was returned, and read on.
            if start > 0 {
                buffer.removeSubrange(0..<start)
                searched -= start
                start = 0
            }
            try fill()
        }
    }

    /// Goes back to the first line.
    /// - Throws: ``InputFileError`` when the file cannot be read from its start.
    public func rewind() throws(InputFileError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw InputFileError(path: path, reason: InputFile.describe(errno: errno)) }
        buffer.removeAll(keepingCapacity: true)
        start = 0
        totalRead = 0
        atEnd = false
        lineNumber = 0
        lineEnded = true
    }

    private func check(_ length: Int) throws(InputFileError) {
        guard length > maxLineBytes else { return }
        throw InputFileError(path: path, line: lineNumber + 1, reason: "the line is \(atEnd ? "" : "at least ")\(length) bytes long, "
            + "over the limit of \(maxLineBytes) bytes")
    }

    private func fill() throws(InputFileError) {
        let chunk = 64 << 10
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        var count = 0
        while true {
            count = buffer.withUnsafeMutableBytes { bytes in
                readSome(descriptor, UnsafeMutableRawBufferPointer(rebasing: bytes[old...]))
            }
            if count >= 0 || errno != EINTR { break }
        }
        guard count >= 0 else {
            let code = errno
            buffer.removeSubrange(old...)
            throw InputFileError(path: path, reason: InputFile.describe(errno: code))
        }
        buffer.removeSubrange((old + count)...)
        if count == 0 { atEnd = true }
        totalRead += count
        if totalRead > maxBytes {
            throw InputFileError(path: path, reason: InputFile.tooLarge(totalRead, limit: maxBytes, atLeast: true))
        }
    }
}
