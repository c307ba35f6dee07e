/// Storyboards written by code, for tests and benchmarks that need a large one.
public enum GeneratedStoryboard {
    /// A storyboard of `scenes` scenes, each a root view holding `viewsPerScene` labelled
    /// views with frames, one line per view, as a tool would write it. The views are
    /// labelled `v0`, `v1`, … across scenes; scene `S0` is the initial one.
    public static func flat(scenes: Int, viewsPerScene: Int) -> String {
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
