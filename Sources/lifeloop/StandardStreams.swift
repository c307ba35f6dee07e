@preconcurrency import Glibc
import Foundation
import LifeloopCore

/// Writes `text` to stderr. A failure (a full disk, a closed pipe) has nowhere to be
/// reported and is ignored: never a trap, as `FileHandle.write` would be.
func writeStandardError(_ text: String) {
    FileOutput.writeStandardError(text)
}

/// C's `stdout`, the stream `print` writes to.
nonisolated(unsafe) private let standardOutput: UnsafeMutablePointer<FILE> = stdout

/// Writes `bytes` to stdout through stdio, in order with `print`; a failure is found by
/// ``checkStandardOutput()`` when the command ends.
func writeStandardOutput(_ bytes: some Collection<UInt8>) {
    let array = Array(bytes)
    _ = array.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, standardOutput) }
}

/// Writes `text` to stdout through stdio (see ``writeStandardOutput(_:)-bytes``).
func writeStandardOutput(_ text: String) {
    fputs(text, standardOutput)
}

/// Flushes stdout; when it, or any earlier write to it, failed, says so on stderr and
/// exits with status 2, so that a report or trace that did not reach its destination
/// (`> /dev/full`, a full disk) is not a success.
func checkStandardOutput() {
    errno = 0
    let flushed = fflush(standardOutput) == 0
    let code = errno
    guard !flushed || ferror(standardOutput) != 0 else { return }
    let reason = flushed || code == 0 ? "a write failed" : String(cString: strerror(code))
    writeStandardError("lifeloop: cannot write the output to stdout: \(reason)\n")
    exit(2)
}
