import Foundation

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
}
