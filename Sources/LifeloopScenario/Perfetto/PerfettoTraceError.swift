/// Why a Chrome trace-event JSON file could not be written or read; every case names the
/// file, so a failed run says which trace it was working on.
public enum PerfettoTraceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be created or truncated for writing.
    case cannotOpen(path: String, reason: String)
    /// Buffered bytes could not be written out (disk full, I/O error).
    case writeFailed(path: String, reason: String)
    /// The file could not be flushed and closed, so its end may be missing.
    case closeFailed(path: String, reason: String)
    /// The file could not be read for validation.
    case cannotRead(path: String, reason: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .writeFailed(let path, _), .closeFailed(let path, _),
             .cannotRead(let path, _):
            return path
        }
    }

    /// A sentence naming the file and the reason.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open trace file '\(path)' for writing: \(reason)"
        case .writeFailed(let path, let reason): return "cannot write trace file '\(path)': \(reason)"
        case .closeFailed(let path, let reason): return "cannot close trace file '\(path)': \(reason)"
        case .cannotRead(let path, let reason): return "cannot read trace file '\(path)': \(reason)"
        }
    }
}
