import Foundation
import LifeloopSamples
import Testing

/// Parsing a storyboard (file → checked definitions) takes at most ten times the file's size
/// in memory above the process's baseline: `lifeloop validate` as a child process, its peak
/// RSS from `wait4`.
///
/// With JSONSerialization (about 3 KB per JSON object) the 20 MB file below peaked at over
/// 1.2 GB; with JSONReader's tape and lean view nodes it is about four times the file.
@Suite struct ParseMemoryTests {
    /// Ten times the file; twenty under AddressSanitizer (`make asan`), whose redzones and
    /// quarantine of freed blocks the child's peak carries too (589 MB against a limit of
    /// 545 MB once, for a reader that peaks at about four times the file otherwise).
    static let allowance = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil ? 20 : 10

    @Test func validatingA20MBStoryboardPeaksBelowTenTimesItsSize() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tiny = folder + "/Tiny.storyboard.json"
        let large = folder + "/Large.storyboard.json"
        try Data(GeneratedStoryboard.flat(scenes: 1, viewsPerScene: 1).utf8).write(to: URL(fileURLWithPath: tiny))
        try Data(GeneratedStoryboard.flat(scenes: 400, viewsPerScene: 900).utf8).write(to: URL(fileURLWithPath: large))
        let size = try #require(FileManager.default.attributesOfItem(atPath: large)[.size] as? Int)
        #expect(size > 19_000_000 && size < 22_000_000)

        func validate(_ file: String) throws -> (run: MeasuredRun, stdout: String) {
            let out = folder + "/stdout.txt"
            let err = folder + "/stderr.txt"
            // At the lowest priority (nice execs lifeloop in the same process, so wait4 still
            // measures it): seconds of a debug build's CPU would otherwise slow the tests that
            // run beside this one, some of which time their own child processes.
            let nice = "/usr/bin/nice"
            let run = FileManager.default.isExecutableFile(atPath: nice)
                ? try MeasuredRun(nice, ["-n", "19", CLI.executable, "validate", file], stdout: out, stderr: err)
                : try MeasuredRun(CLI.executable, ["validate", file], stdout: out, stderr: err)
            #expect(run.exitStatus == 0, "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
            return (run, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
        }
        let baseline = try validate(tiny)
        #expect(baseline.stdout == "\(tiny): ok (1 scene, 2 views)\n")
        let measured = try validate(large)
        #expect(measured.stdout == "\(large): ok (400 scenes, 360400 views)\n")

        // ru_maxrss is at least the parent's resident size when the child was exec'd (see
        // MeasuredRun): both readings carry it, so the baseline absorbs it.
        let sizeKiB = size / 1024
        let limit = baseline.run.peakKiB + Self.allowance * sizeKiB
        #expect(measured.run.peakKiB <= limit,
                """
                peak RSS \(measured.run.peakKiB) KiB for a \(sizeKiB) KiB storyboard: \
                \(Double(measured.run.peakKiB - baseline.run.peakKiB) / Double(sizeKiB))× its size above the \
                baseline \(baseline.run.peakKiB) KiB (parent \(measured.run.parentKiB) KiB); limit \(limit) KiB
                """)
    }
}
