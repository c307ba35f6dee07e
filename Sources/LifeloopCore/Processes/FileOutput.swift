#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checked end of a file written through stdio: what every streamed output (traces,
/// recordings, Perfetto files, rows) does last, so that a full disk or a failing device is
/// an error instead of a silently short file.
public enum FileOutput {
    /// Writes all of `count` bytes at `bytes` to `file`; returns nil, or the `errno` of the
    /// failure (`fwrite` writes fewer bytes only when the stream has an error).
    public static func write(_ file: UnsafeMutablePointer<FILE>, _ bytes: UnsafeRawPointer?, count: Int) -> Int32? {
        guard count > 0, let bytes else { return nil }
        errno = 0
        let written = fwrite(bytes, 1, count, file)
        guard written == count else { return errno == 0 ? EIO : errno }
        return nil
    }

    /// Flushes `file`, makes it durable (`fsync`, for the kinds of files that have a disk
    /// behind them), and closes it; returns nil, or a description of the first failure
    /// ("cannot flush: reason"). The file is closed in every case.
    public static func syncAndClose(_ file: UnsafeMutablePointer<FILE>) -> String? {
        var failure: String?
        if fflush(file) != 0 { failure = "cannot write: \(reason(errno))" }
        if failure == nil, fsync(fileno(file)) != 0 {
            let code = errno
            // Pipes, terminals and character devices cannot be synced: their data has gone
            // where it goes once written.
            if code != EINVAL && code != EROFS && code != ENOTSUP && code != EBADF {
                failure = "cannot flush to disk: \(reason(code))"
            }
        }
        // Linux frees the descriptor even when close fails, so it is never retried.
        if fclose(file) != 0, failure == nil { failure = "cannot close: \(reason(errno))" }
        return failure
    }

    /// Writes `text` to stderr (descriptor 2, unbuffered). A failure (a full disk, a
    /// closed pipe) has nowhere to be reported and is ignored: never a trap, as
    /// `FileHandle.write` would be.
    public static func writeStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { systemWrite(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// The system's words for `code`.
    public static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// `write(2)`, named apart from `FileOutput.write` so the C function is the one called.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
