import Lifeloop

// The navigation verbs: push, pop, popToRoot, present, dismiss, selectTab. The MCP server's
// `navigate` tool bundles them (its `action` names the verb).
extension VerbCatalogue {
    static let navigationVerbs: [Verb] = [
        Verb(name: "push", summary: "Pushes a scene onto the window's navigation controller.",
             parameters: [.init("scene", .text, required: true, "The scene to push")],
             primary: "scene", tool: .adapted("navigate"), spelling: VerbSpelling(written: .bare)) { arguments throws(VerbError) in
            .push(scene: arguments.text("scene") ?? "")
        },
        Verb(name: "pop", summary: "Pops the top controller of the window's navigation controller.",
             parameters: [], tool: .adapted("navigate")) { _ throws(VerbError) in .pop },
        Verb(name: "popToRoot", summary: "Pops to the root of the window's navigation controller.",
             parameters: [], tool: .adapted("navigate")) { _ throws(VerbError) in .popToRoot },
        Verb(name: "present", summary: "Presents a scene over the window's top controller, in a presentation style (the scene's own by default).",
             parameters: [.init("scene", .text, required: true, "The scene to present"),
                          .init("style", .choice(ModalPresentationStyle.allCases.map(\.rawValue)), "The presentation style")],
             primary: "scene", tool: .adapted("navigate"), spelling: VerbSpelling(written: .bare, stepFields: ["style"])) { arguments throws(VerbError) in
            .present(scene: arguments.text("scene") ?? "", style: arguments.text("style").flatMap(ModalPresentationStyle.init(rawValue:)))
        },
        Verb(name: "dismiss", summary: "Dismisses the window's top presented controller.",
             parameters: [], tool: .adapted("navigate")) { _ throws(VerbError) in .dismiss },
        Verb(name: "selectTab", summary: "Selects a tab of the window's tab bar controller, by index from 0.",
             parameters: [.init("index", .integer(0...10_000), required: true, "The tab's index, from 0")],
             primary: "index", tool: .adapted("navigate"), spelling: VerbSpelling(written: .bare)) { arguments throws(VerbError) in
            .selectTab(index: arguments.integer("index") ?? 0)
        },
        Verb(name: "interactivePop", summary: "An interactive pop, as a finger dragging from the screen's edge does: the progress values are applied an interval apart, then the pop finishes or cancels.",
             parameters: [.init("progress", .numbers(0...1, count: 1...10_000), "The progress values, each from 0 to 1 (default [0.5])",
                                requiredInScenario: true, written: .array([.number(0.5)])),
                          .init("intervalMs", .interval, "The time between them (default 16 ms)", scenario: "every", written: .number(16)),
                          .init("finish", .bool, "Whether the pop finishes (true, the default) or cancels", scenario: "then",
                                words: ["finish", "cancel"], requiredInScenario: true, written: .bool(true))],
             tool: .none, spelling: VerbSpelling(written: .fields)) { arguments throws(VerbError) in
            .interactivePop(progress: arguments.numbers("progress") ?? [0.5], interval: arguments.interval("intervalMs") ?? .milliseconds(16),
                            finish: arguments.bool("finish") ?? true)
        },
    ]
}
