import Foundation
import Testing

/// Parsing a storyboard (file → checked definitions) takes at most ten times the file's size
/// in memory above the process's baseline: `lifeloop validate` as a child process, its peak
/// RSS from `wait4`.
///
/// With JSONSerialization (about 3 KB per JSON object) the 20 MB file below peaked at over
/// 1.2 GB; with JSONReader's tape and lean view nodes it is about four times the file.
@Suite struct ParseMemoryTests {
    @Test func validatingA20MBStoryboardPeaksBelowTenTimesItsSize() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tiny = folder + "/Tiny.storyboard.json"
        let large = folder + "/Large.storyboard.json"
        try Data(FlatStoryboard.json(scenes: 1, viewsPerScene: 1).utf8).write(to: URL(fileURLWithPath: tiny))
        try Data(FlatStoryboard.json(scenes: 400, viewsPerScene: 900).utf8).write(to: URL(fileURLWithPath: large))
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
        let limit = baseline.run.peakKiB + 10 * sizeKiB
        #expect(measured.run.peakKiB <= limit,
                """
                peak RSS \(measured.run.peakKiB) KiB for a \(sizeKiB) KiB storyboard: \
                \(Double(measured.run.peakKiB - baseline.run.peakKiB) / Double(sizeKiB))× its size above the \
                baseline \(baseline.run.peakKiB) KiB (parent \(measured.run.parentKiB) KiB); limit \(limit) KiB
                """)
    }
}

/// A storyboard of `scenes` scenes, each a root view holding `viewsPerScene` labelled views
/// with frames: one line per view, as a tool would write it.
enum FlatStoryboard {
    static func json(scenes: Int, viewsPerScene: Int) -> String {
        var text = "{\n  \"initialScene\": \"S0\",\n  \"scenes\": [\n"
        var view = 0
        for scene in 0..<scenes {
            text += "    {\"id\": \"S\(scene)\", \"view\": {\"label\": \"S\(scene).root\", \"subviews\": [\n"
            for index in 0..<viewsPerScene {
                text += "      {\"label\": \"v\(view)\", \"frame\": [\(index % 320), \(index * 7 % 480), 100, 44]}"
                text += index == viewsPerScene - 1 ? "\n" : ",\n"
                view += 1
            }
            text += scene == scenes - 1 ? "    ]}}\n" : "    ]}},\n"
        }
        return text + "  ]\n}\n"
    }
}
