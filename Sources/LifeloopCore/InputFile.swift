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

    /// Creates an error for `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: reason`.
    public var description: String { "\(path): \(reason)" }

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
        guard stat(path, &info) == 0 else { throw problem(describe(errno: errno)) }
        if let reason = refusal(info, limit: limit) { throw problem(reason) }

        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw problem(describe(errno: errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw problem(describe(errno: errno)) }
        if let reason = refusal(info, limit: limit) { throw problem(reason) }

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

    /// Why a file with this `stat` is not read, or nil when it may be.
    private static func refusal(_ info: stat, limit: Int) -> String? {
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { return "it is \(describe(kind: kind)), not a regular file" }
        let size = Int(exactly: info.st_size) ?? .max
        return size > limit ? tooLarge(size, limit: limit, atLeast: false) : nil
    }

    private static func tooLarge(_ size: Int, limit: Int, atLeast: Bool) -> String {
        "it is \(atLeast ? "at least " : "")\(size) bytes, over the limit of \(limit) bytes"
    }

    private static func describe(kind: mode_t) -> String {
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
    private static func describe(errno code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}

/// `read(2)`, named apart from `InputFile.read` so the C function is the one called.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
