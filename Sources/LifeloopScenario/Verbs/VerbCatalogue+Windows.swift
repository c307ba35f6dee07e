import Lifeloop

// The window verbs: rotate, resize, hide, show, makeKey (each of the step's window, the key
// window by default).
extension VerbCatalogue {
    static let windowVerbs: [Verb] = [
        Verb(name: "rotate", summary: "Rotate a window.", parameters: [], tool: .own("rotate")) { _ throws(VerbError) in .rotate },
        Verb(name: "resize", summary: "Resizes the window to a size in points (a scenario file writes it [width, height]).",
             parameters: [.init("width", .positive(NodeReader.maxSizeSide), required: true, "The width in points"),
                          .init("height", .positive(NodeReader.maxSizeSide), required: true, "The height in points")],
             tool: .none, spelling: VerbSpelling(bare: .pair("width", "height"), written: .pair("width", "height"))) { arguments throws(VerbError) in
            .resize(Size(width: arguments.values["width"]?.double ?? 0, height: arguments.values["height"]?.double ?? 0))
        },
        Verb(name: "hide", summary: "Hides the window.", parameters: [], tool: .none) { _ throws(VerbError) in .hide },
        Verb(name: "show", summary: "Shows the window again.", parameters: [], tool: .none) { _ throws(VerbError) in .show },
        Verb(name: "makeKey", summary: "Makes the window key.", parameters: [], tool: .none) { _ throws(VerbError) in .makeKey },
    ]
}
