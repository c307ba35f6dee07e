import Lifeloop

// The verbs of the whole app: a memory warning, a change of its state, a job started.
extension VerbCatalogue {
    static let appVerbs: [Verb] = [
        Verb(name: "memoryWarning", summary: "Send the app a memory warning.", parameters: [], tool: .own("memory_warning")) { _ throws(VerbError) in
            .memoryWarning
        },
        Verb(name: "appState", summary: "Move the app through its lifecycle as iOS does: background (the user leaves), foreground (comes back), resignActive (an interruption begins), becomeActive (it ends) or terminate. The app and scene delegates get their calls in UIKit's order.",
             parameters: [.init("to", .choice(AppStateChange.allCases.map(\.rawValue)), required: true, "The change")],
             primary: "to", tool: .own("app_state"), spelling: VerbSpelling(daemonMethod: "app.state", written: .bare)) { arguments throws(VerbError) in
            guard let change = arguments.text("to").flatMap(AppStateChange.init(rawValue:)) else {
                throw VerbError("appState: 'to' is one of \(AppStateChange.names)", parameter: "to")
            }
            return .appState(change)
        },
        Verb(name: "job", summary: "Starts the job with this label (a scenario file declares its jobs under `jobs:`).",
             parameters: [.init("label", .text, required: true, "The job's label")],
             primary: "label", tool: .none, spelling: VerbSpelling(written: .bare)) { arguments throws(VerbError) in
            .startJob(label: arguments.text("label") ?? "")
        },
    ]
}
