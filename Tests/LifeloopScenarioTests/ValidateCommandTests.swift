import Foundation
import LifeloopSamples
import Testing

/// `lifeloop validate FILE...`: a line per valid file on stdout, each error on stderr, exit
/// status 2 when any file is invalid.
@Suite struct ValidateCommandTests {
    @Test func validFilesAreSummarizedAndInvalidOnesNamedWithExitStatusTwo() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let storyboard = folder + "/Main.storyboard.json"
        let plain = folder + "/Plain.json"
        let nib = folder + "/Editor.nib.json"
        let bad = folder + "/Bad.storyboard.json"
        try Data(GeneratedStoryboard.flat(scenes: 2, viewsPerScene: 3).utf8).write(to: URL(fileURLWithPath: storyboard))
        try Data(GeneratedStoryboard.flat(scenes: 1, viewsPerScene: 0).utf8).write(to: URL(fileURLWithPath: plain))
        try Data(#"{"view": {"subviews": [{"subviews": [{}]}]}}"#.utf8).write(to: URL(fileURLWithPath: nib))
        try Data(#"{"initialScene": "A", "scenes": [{"id": "A", "view": {"tag": 1.5}}]}"#.utf8).write(to: URL(fileURLWithPath: bad))

        let valid = try CLI.run(["validate", storyboard, plain, nib])
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stdout == """
            \(storyboard): ok (2 scenes, 8 views)
            \(plain): ok (1 scene, 1 view)
            \(nib): ok (nib, 3 views)

            """)
        #expect(valid.stderr == "")

        let mixed = try CLI.run(["validate", bad, storyboard, folder + "/Missing.json"])
        #expect(mixed.status == 2)
        #expect(mixed.stdout == "\(storyboard): ok (2 scenes, 8 views)\n")
        #expect(mixed.stderr == """
            lifeloop: \(bad): scenes[0].view.tag: expected an integer, found 1.5
            lifeloop: \(folder)/Missing.json: (file): No such file or directory

            """)
    }
}
