import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where the daemon listens, and the checks made before it binds there.
///
/// The security model: a Unix socket only (no TCP), in a directory that belongs to the
/// user and that nobody else can enter (created 0700, then checked: a socket's own mode
/// cannot be relied on), and every connection's peer uid checked against the daemon's
/// (`SO_PEERCRED`).
public enum SocketPath {
    /// `$XDG_RUNTIME_DIR/lifeloop/lifeloopd.sock`, else `/tmp/lifeloop-$UID/lifeloopd.sock`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/lifeloop/lifeloopd.sock"
        }
        return "/tmp/lifeloop-\(geteuid())/lifeloopd.sock"
    }

    /// The longest socket path Linux takes (`sun_path` holds 108 bytes with its NUL).
    public static let maxBytes = 107

    /// Makes the socket's directory (0700) if it is missing, checks it (a real directory,
    /// ours, no access for group or others), and clears a stale socket file.
    /// - Throws: ``SocketPathError`` naming the path and what is wrong: another daemon
    ///   serves it, the directory is someone else's or open to others, the path is too
    ///   long, or a file that is not a socket is in the way.
    public static func prepare(_ path: String) throws(SocketPathError) {
        guard path.utf8.count <= maxBytes else {
            throw SocketPathError("\(path): a socket path is at most \(maxBytes) bytes on Linux; this one is \(path.utf8.count)")
        }
        guard path.hasPrefix("/") else { throw SocketPathError("\(path): give the socket as an absolute path") }
        let directory = (path as NSString).deletingLastPathComponent
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw SocketPathError("\(directory): cannot create the socket's directory: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            throw SocketPathError("\(directory): cannot read it: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw SocketPathError("\(directory): the socket's directory is not a directory (a symbolic link is refused)")
        }
        guard info.st_uid == geteuid() else {
            throw SocketPathError("\(directory): the socket's directory belongs to uid \(info.st_uid), not to you (uid \(geteuid())); choose another with --socket")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw SocketPathError("\(directory): the socket's directory has mode \(String(info.st_mode & 0o777, radix: 8)); others could reach the socket. Run `chmod 700 \(directory)` or choose another with --socket")
        }
        var existing = stat()
        if lstat(path, &existing) == 0 {
            guard existing.st_mode & S_IFMT == S_IFSOCK else {
                throw SocketPathError("\(path): a file that is not a socket is in the way; remove it or choose another path")
            }
            if isServed(path) {
                throw SocketPathError("\(path): another lifeloopd is already serving this socket; stop it (lifeloop ctl daemon.shutdown) or choose another with --socket")
            }
            // Nobody answers: a daemon that died without cleaning up. Replace it.
            unlink(path)
        }
    }

    /// Whether something accepts connections on the socket at `path`.
    public static func isServed(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        guard fill(&address, path) else { return false }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0
    }

    /// Writes `path` into a `sockaddr_un`; false if it does not fit.
    static func fill(_ address: inout sockaddr_un, _ path: String) -> Bool {
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return true
    }
}

/// Why the daemon cannot listen where it was asked to.
public struct SocketPathError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as one sentence.
    public var message: String
    /// An error that says `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
