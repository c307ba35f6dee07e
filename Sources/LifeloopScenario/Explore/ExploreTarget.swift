import Foundation
import Lifeloop

/// The target of `lifeloop explore` as a scenario text: the base every finding's scenario
/// builds on, with the app's relative paths made absolute so that it runs from anywhere.
public enum ExploreTarget {
    /// A YAML double-quoted string.
    public static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The scenario text for a sample: its app and nothing else.
    public static func sample(_ name: String) -> String {
        "lifeloop: 1\nname: explore-\(name)\napp: {sample: \(name)}\n"
    }

    /// The crawl's base scenario of a scenario file's `text`: the app's relative paths
    /// (storyboard, project, bundle, sources) made absolute from `directory`, so that a
    /// finding's scenario written elsewhere still finds them; and its script as the crawl
    /// runs it before it starts: each step right after the previous one (its `at` and
    /// `after` left out), its `expect` steps left out (they judge a run, and the crawl's
    /// findings say what failed).
    public static func base(_ text: String, directory: String, file: String, name: String) throws -> String {
        var tree = try ScenarioTree.parse(text, file: file)
        if tree["name"] == nil { tree["name"] = .scalar(name, plain: false) }
        let base = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        for key in ["storyboard", "project", "bundle", "sources"] {
            for path in [[ScenarioTree.PathComponent.key("app"), .key(key)], [.key(key)]] {
                if case .scalar(let value, _)? = tree[path], !value.hasPrefix("/") {
                    tree[path] = .scalar(base + "/" + value, plain: false)
                }
            }
        }
        if case .list(let steps)? = tree["script"] {
            var kept: [ScenarioTree] = []
            for var step in steps {
                guard step["expect"] == nil else { continue }
                step["at"] = nil
                step["after"] = nil
                kept.append(step)
            }
            tree["script"] = kept.isEmpty ? nil : .list(kept)
        }
        return tree.yaml
    }

    /// The labels of the scenes an Xcode project's app target can show, for the crawl's
    /// coverage (``ExploreOptions/storyboardScenes``): every scene of each storyboard among
    /// the target's resources, each storyboard once (the `Base.lproj` copy first, as the
    /// app's bundle has it), the launch screen's (`UILaunchStoryboardName`) left out, as
    /// no screen of the running app shows it. A storyboard that cannot be read adds none.
    public static func storyboardScenes(of target: XcodeProject.Target) -> [String] {
        let launch = target.infoDictionary["UILaunchStoryboardName"]?.string
            .map { AppProject.expand($0, target.buildSettings) }
        func rank(_ path: String) -> Int {
            if path.contains("/Base.lproj/") { return 0 }
            if path.contains("/en.lproj/") { return 1 }
            return path.contains(".lproj/") ? 2 : 0
        }
        var names = Set<String>()
        var labels: [String] = []
        for path in target.resources.filter({ $0.hasSuffix(".storyboard") }).sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            let name = String(URL(fileURLWithPath: path).lastPathComponent.dropLast(".storyboard".count))
            guard name != launch, names.insert(name).inserted,
                  let storyboard = try? StoryboardDefinition.load(path: path) else { continue }
            for scene in storyboard.scenes where !labels.contains(scene.label) { labels.append(scene.label) }
        }
        return labels
    }
}
