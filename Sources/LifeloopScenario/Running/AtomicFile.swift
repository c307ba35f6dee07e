import LifeloopCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be written, naming the path and the system's reason.
public struct AtomicFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole message, ready for stderr: "cannot write PATH: what failed: reason".
    public var message: String

    /// An error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Writes whole files so that a reader sees either the old contents or the new, never a part.
///
/// The bytes go to a temporary file in the target's directory (`.<name>.tmp-<pid>-<random>`),
/// which is flushed to disk with `fsync` and then renamed over the target. `rename(2)` within
/// one file system replaces the target in one step, so a shard that is retried, or two that
/// race, leave one complete file. The temporary file is removed when anything fails.
///
/// The new file gets the usual permissions of a created file (0666 less the umask), not
/// those of the file it replaces.
public enum AtomicFile {
    /// Replaces the file at `path` with `bytes`, atomically.
    /// - Throws: ``AtomicFileError`` naming `path` and the reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(AtomicFileError) {
        try checkTarget(path)
        let (directory, name) = split(path)
        let (temporary, descriptor) = try createTemporary(directory: directory, name: name, for: path)
        do throws(AtomicFileError) {
            try writeAll(bytes, to: descriptor, path: path)
            // Without fsync, a crash soon after the rename can leave the new name pointing
            // at an empty or partial file on some file systems.
            guard fsync(descriptor) == 0 else { throw failure(path, "cannot flush \(temporary)", errno) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        // close reports late write errors (on NFS, say); Linux frees the descriptor even when
        // close fails, so it is never retried.
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, "cannot close \(temporary)", code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, "cannot rename \(temporary) over it", code)
        }
        syncDirectory(directory)
    }

    /// Checks, before anything is computed, that `path` can be the target of `write(_:to:)`:
    /// a file name that is missing or names a regular file. Renaming over a device, a FIFO
    /// or a symbolic link (`--out /dev/null`, as root) would replace it with a plain file.
    /// - Throws: ``AtomicFileError`` naming `path` and why it cannot be written.
    public static func checkTarget(_ path: String) throws(AtomicFileError) {
        let (_, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw AtomicFileError("cannot write \(path): not a file name")
        }
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw AtomicFileError("cannot write \(path): it is \(InputFile.describe(kind: info.st_mode & S_IFMT)), not a regular file; give the name of a file to write (a new one, or a regular file to replace)")
        }
    }

    /// Replaces the file at `path` with `text` as UTF-8, atomically.
    /// - Throws: ``AtomicFileError`` naming `path` and the reason.
    public static func write(_ text: String, to path: String) throws(AtomicFileError) {
        try write(Array(text.utf8), to: path)
    }

    /// The directory part (with its trailing slash, or "" for the working directory) and the name.
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// Creates a fresh temporary file next to the target. `O_EXCL` makes sure it is ours alone;
    /// a clash with a leftover of the same name is retried with another random suffix.
    private static func createTemporary(
        directory: String, name: String, for path: String
    ) throws(AtomicFileError) -> (String, Int32) {
        var attempts = 0
        while true {
            let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
            let temporary = "\(directory).\(name).tmp-\(getpid())-\(suffix)"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (temporary, descriptor) }
            let code = errno
            attempts += 1
            if code == EINTR || (code == EEXIST && attempts < 16) { continue }
            throw failure(path, "cannot create a temporary file in \(directory.isEmpty ? "." : directory)", code)
        }
    }

    /// `write(2)` may write fewer bytes than asked, or be interrupted by a signal: loop until
    /// every byte is out.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(AtomicFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                writeSome(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw failure(path, "cannot write", code)
            }
            offset += written
        }
    }

    /// Makes the rename itself durable. Best effort: the new contents are complete either way,
    /// and some file systems refuse to open or sync a directory.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ path: String, _ what: String, _ code: Int32) -> AtomicFileError {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return AtomicFileError("cannot write \(path): \(what): \(reason)")
    }
}

/// `write(2)`, named apart from `AtomicFile.write` so the C function is the one called.
private func writeSome(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    write(descriptor, buffer.baseAddress, buffer.count)
}
