import Foundation
import Lifeloop

/// Seed 004's app (L15): a storyboard with scenes A and B; a button in A performs a modal
/// segue to B, a button in B dismisses it.
public enum SeedSegue {
    static let sample = Sample(
        name: "SeedSegue",
        summary: "L15: storyboard launch, a modal segue from A to B, and back (seed 004)",
        run: run
    )

    /// The storyboard file, `Samples/SeedSegue/Main.storyboard.json`, as installed with
    /// the samples.
    public static var storyboardPath: String {
        Bundle.module.path(forResource: "Main.storyboard", ofType: "json") ?? "SeedSegue/Main.storyboard.json"
    }

    static func run() throws -> Trace {
        let app = try Application(clock: .virtual, screen: .phone)
        // Seed 004 was written in 2012 and still unloads views: iOS 5's behaviour.
        app.uikitVersion = .iOS5
        app.launch(storyboard: try app.loadStoryboard(path: storyboardPath))
        try app.settle()
        // The user taps A's button, then B's, a second apart.
        app.loop.schedule(after: .seconds(1)) {
            if let button = app.view(labelled: "A.button") { app.tap(button) }
        }
        app.loop.schedule(after: .seconds(2)) {
            if let button = app.view(labelled: "B.button") { app.tap(button) }
        }
        try app.settle()
        return app.trace
    }
}
