@_implementationOnly import CLibUV
import Glibc

/// Lines that arrive from another process: a ``LineConnection`` (a pipe or a socket) or
/// ``FileLines`` (a file it appends to).
/// - Warning: Confined to the loop's thread.
public protocol LineSource: AnyObject {
    /// Called with each line, without its newline, in a loop turn.
    var onLine: ((String) -> Void)? { get set }
    /// Called once when the source ends.
    var onClose: (() -> Void)? { get set }
    /// Whether the source has ended.
    var isClosed: Bool { get }
    /// Ends the source; its handlers are dropped after `onClose` runs.
    func close()
}

extension LineConnection: LineSource {}

/// The lines a child process writes to a file of a ``LogFolder``, read as they are
/// written (the folder is watched with inotify, through libuv's `uv_fs_event`) without
/// holding a descriptor open between reads: a host of ten thousand children holds one
/// descriptor for all their output, not two each.
///
/// A file has no end of its own: ``finish()`` reads what is left (its writer has exited)
/// and closes the source, then removes the file.
/// - Warning: Confined to the loop's thread.
public final class FileLines: LineSource {
    public var onLine: ((String) -> Void)?
    public var onClose: (() -> Void)?
    public private(set) var isClosed = false
    /// The file's path.
    public let path: String
    unowned(unsafe) let loop: EventLoop
    private weak var folder: LogFolder?
    private let name: String
    private var offset: off_t = 0
    private var splitter: LineSplitter

    init(loop: EventLoop, folder: LogFolder, name: String, maxLineBytes: Int) {
        self.loop = loop
        self.folder = folder
        self.name = name
        path = folder.path + "/" + name
        splitter = LineSplitter(maxLineBytes: maxLineBytes)
    }

    /// Reads what was appended since the last read, and hands over its whole lines.
    func readAvailable() {
        guard !isClosed else { return }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { Glibc.close(fd) }
        var lines: [String] = []
        var dropped: [Int] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            offset += off_t(count)
            chunk.withUnsafeBufferPointer { splitter.split(UnsafeBufferPointer(rebasing: $0[0..<count]), into: &lines, dropped: &dropped) }
        }
        guard !lines.isEmpty else { return }
        loop.execute { [self] in
            for line in lines { onLine?(line) }
        }
    }

    /// Reads the rest (a last line without its newline included), closes the source and
    /// removes the file.
    public func finish() {
        guard !isClosed else { return }
        readAvailable()
        if let last = splitter.takeRest() {
            loop.execute { [self] in onLine?(last) }
        }
        close()
    }

    /// Stops reading, removes the file and calls `onClose` (in a loop turn).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        folder?.forget(name)
        unlink(path)
        loop.execute { [self] in
            let onClose = self.onClose
            self.onLine = nil
            self.onClose = nil
            onClose?()
        }
    }
}

/// A private folder whose files children write their output to, watched as one (inotify,
/// through libuv's `uv_fs_event`): each file's ``FileLines`` reads when it changes.
/// - Warning: Confined to the loop's thread.
public final class LogFolder {
    /// The folder's path (made 0700, removed by ``close()``).
    public let path: String
    unowned(unsafe) let loop: EventLoop
    private let handleRaw: UnsafeMutableRawPointer
    private var handle: UnsafeMutablePointer<uv_fs_event_t> { handleRaw.assumingMemoryBound(to: uv_fs_event_t.self) }
    private var readers: [String: FileLines] = [:]
    private var closerID: UInt64?
    private var isClosed = false

    init(loop: EventLoop, path: String) throws {
        self.loop = loop
        self.path = path
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw LoopError.invalidArgument("\(path): cannot make the log folder: \(String(cString: strerror(errno)))")
        }
        let event = allocateHandle(UV_FS_EVENT, as: uv_fs_event_t.self)
        handleRaw = UnsafeMutableRawPointer(event)
        try uvCheck(uv_fs_event_init(loop.uvLoop, event), "uv_fs_event_init")
        event.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { $0.pointee.data = Unmanaged.passRetained(self).toOpaque() }
        let started = uv_fs_event_start(event, logFolderCallback, path, 0)
        guard started == 0 else {
            closeHandle()
            throw LoopError.invalidArgument("\(path): cannot watch the log folder: \(String(cString: uv_strerror(started)))")
        }
        closerID = loop.addCloser { [unowned(unsafe) self] in self.closeHandle() }
    }

    /// Makes the file `name` (it must not exist) for a child to append to: the descriptor to
    /// hand the child (close-on-exec; close it once handed over), and its lines.
    public func makeFile(_ name: String, maxLineBytes: Int) throws -> (descriptor: Int32, lines: FileLines) {
        let reader = FileLines(loop: loop, folder: self, name: name, maxLineBytes: maxLineBytes)
        let fd = open(reader.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LoopError.invalidArgument("\(reader.path): cannot make it: \(String(cString: strerror(errno)))")
        }
        readers[name] = reader
        return (fd, reader)
    }

    func forget(_ name: String) {
        readers[name] = nil
    }

    fileprivate func changed(_ name: String?) {
        guard let name else {
            for reader in readers.values { reader.readAvailable() }
            return
        }
        readers[name]?.readAvailable()
    }

    /// Stops watching, finishes every file and removes the folder.
    public func close() {
        loop.removeCloser(closerID)
        closeHandle()
        for reader in Array(readers.values) { reader.finish() }
        readers.removeAll()
        rmdir(path)
    }

    private func closeHandle() {
        guard !isClosed else { return }
        isClosed = true
        _ = uv_fs_event_stop(handle)
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, logFolderCloseCallback) }
    }
}

private let logFolderCallback: @convention(c) (UnsafeMutablePointer<uv_fs_event_t>?, UnsafePointer<CChar>?, Int32, Int32) -> Void = {
    handle, filename, _, _ in
    guard let handle, let data = handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1, { $0.pointee.data }) else { return }
    Unmanaged<LogFolder>.fromOpaque(data).takeUnretainedValue().changed(filename.map { String(cString: $0) })
}

private let logFolderCloseCallback: @convention(c) (UnsafeMutablePointer<uv_handle_t>?) -> Void = { handle in
    guard let handle else { return }
    if let data = handle.pointee.data { Unmanaged<LogFolder>.fromOpaque(data).release() }
    UnsafeMutableRawPointer(handle).deallocate()
}
