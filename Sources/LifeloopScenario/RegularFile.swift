#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read, phrased to follow the file's name ("…: no such file").
struct FileProblem: Error {
    let reason: String
}

/// Reads whole files that must be regular files of bounded size.
///
/// The type and size are checked with `stat` before opening, so a FIFO (whose `open`
/// blocks until a writer appears) or a device such as `/dev/zero` (endless) is never
/// read. The descriptor is opened non-blocking and checked again with `fstat`, in case the
/// path was swapped between the two calls, and reading stops once past the limit, in case
/// the file grows.
enum RegularFile {
    static func read(path: String, maxBytes: Int) throws(FileProblem) -> [UInt8] {
        let limit = max(0, maxBytes)
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileProblem(reason: describe(errno: errno)) }
        try check(info, limit: limit)

        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileProblem(reason: describe(errno: errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw FileProblem(reason: describe(errno: errno)) }
        try check(info, limit: limit)

        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(exactly: info.st_size) ?? 0)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                readSome(descriptor, buffer)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileProblem(reason: describe(errno: errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk.prefix(count))
            if bytes.count > limit { throw tooLarge(bytes.count, limit: limit, atLeast: true) }
        }
    }

    private static func check(_ info: stat, limit: Int) throws(FileProblem) {
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw FileProblem(reason: "is \(describe(kind: kind)), not a regular file")
        }
        let size = Int(exactly: info.st_size) ?? .max
        if size > limit { throw tooLarge(size, limit: limit, atLeast: false) }
    }

    private static func tooLarge(_ size: Int, limit: Int, atLeast: Bool) -> FileProblem {
        FileProblem(reason: "is \(atLeast ? "at least " : "")\(size) bytes, over the limit of \(limit) bytes")
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

    private static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "is not readable (permission denied)"
        case ENOTDIR: return "no such file (a part of the path is not a directory)"
        default:
            guard let message = strerror(code) else { return "cannot be read (error \(code))" }
            return "cannot be read (\(String(cString: message)))"
        }
    }
}

/// `read(2)`, named apart from `RegularFile.read` so the C function is the one called.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
