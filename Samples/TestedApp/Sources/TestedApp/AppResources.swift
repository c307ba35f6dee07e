// Where the app's storyboard is, and the module its classes are in: what a test (or a
// launcher) gives the Lifeloop app so that `UIStoryboard(name: "Main", bundle: nil)`
// finds the file and its custom classes.
import Foundation

/// The app's resources on Linux.
public enum AppResources {
    /// The folder with Main.storyboard (read from the checkout).
    public static let bundlePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources").path
    /// This module's name, for the storyboard's `customModuleProvider="target"` classes.
    public static let moduleName = String(#fileID.prefix { $0 != "/" })
}
