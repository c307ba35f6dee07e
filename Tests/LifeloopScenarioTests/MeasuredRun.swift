import Foundation
import Glibc

/// Runs an executable to its end with stdout and stderr in files, and reports its peak
/// resident set size from `wait4`: exactly this child's, whatever else the tests run.
///
/// `posix_spawn` starts the child on the parent's memory (vfork), and Linux folds that
/// memory's high-water mark into the child's `ru_maxrss` at `exec`. So the parent's mark is
/// first reset to its current size (`/proc/self/clear_refs`), and that size is reported as
/// `parentKiB`: the peak is the child's own or at most about `parentKiB`.
struct MeasuredRun {
    var exitStatus: Int32
    /// `ru_maxrss` of the child, in KiB.
    var peakKiB: Int
    /// The parent's peak resident size when the child started, in KiB.
    var parentKiB: Int

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ executable: String, _ arguments: [String], stdout: String, stderr: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // An empty environment: nothing the tests run (sharding variables) leaks in.
        let envp: [UnsafeMutablePointer<CChar>?] = [nil]

        Self.resetPeakResidentSize()
        parentKiB = Self.parentPeakKiB()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SpawnError(description: "wait4: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import; a signal gives 128 + number.
        exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        peakKiB = usage.ru_maxrss
    }

    /// Writing 5 resets the process's peak RSS to its current RSS (proc(5)); if the kernel
    /// does not allow it, `parentKiB` is the whole peak instead.
    private static func resetPeakResidentSize() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }

    /// `VmHWM` from `/proc/self/status`, in KiB, or 0 when it cannot be read.
    private static func parentPeakKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        // "VmHWM:\t   12345 kB"
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return fields.count > 1 ? Int(fields[1]) ?? 0 : 0
    }
}
