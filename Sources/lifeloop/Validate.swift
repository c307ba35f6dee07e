import ArgumentParser
import Lifeloop

/// `lifeloop validate FILE...`: loads storyboard and nib files as `launch` would, without
/// launching, and says for each whether it is valid.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check storyboard and nib files without launching them.",
        discussion: """
            A file named *.nib.json or *.xib (Xcode) is read as a nib, any other \
            (*.storyboard, *.storyboard.json, *.json) as a storyboard. Prints \
            "FILE: ok (N scenes, M views)" per valid file on stdout, and each error, and each \
            note about what an Xcode file has that Lifeloop skips, on stderr. \
            Exit status: 0 all valid, 2 any invalid.
            """
    )

    @Argument(help: "The storyboard (*.storyboard, *.storyboard.json, *.json) or nib (*.xib, *.nib.json) files.")
    var files: [String]

    func run() throws {
        var failure: ExitCode?
        for file in files {
            do {
                print("\(file): ok (\(try Self.summary(of: file)))")
            } catch {
                failure = inputError("\(error)")
            }
        }
        if let failure { throw failure }
    }

    /// "2 scenes, 14 views" for a storyboard, "nib, 3 views" for a nib.
    static func summary(of file: String) throws(StoryboardError) -> String {
        if file.hasSuffix(".nib.json") || file.hasSuffix(".xib") {
            let nib = try NibDefinition.load(path: file)
            for note in nib.interfaceBuilder?.notes ?? [] { writeStandardError("note: \(note)\n") }
            return "nib, " + counted(viewCount([nib.root] + (nib.interfaceBuilder?.otherRoots ?? [])), "view")
        }
        let storyboard = try StoryboardDefinition.load(path: file)
        for note in storyboard.notes { writeStandardError("note: \(note)\n") }
        let views = viewCount(storyboard.scenes.compactMap(\.view))
        return counted(storyboard.scenes.count, "scene") + ", " + counted(views, "view")
    }

    /// The views in these trees, walked without recursion.
    static func viewCount(_ roots: [ViewNode]) -> Int {
        var pending = roots
        var count = 0
        while let node = pending.popLast() {
            count += 1
            pending.append(contentsOf: node.subviews)
        }
        return count
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
