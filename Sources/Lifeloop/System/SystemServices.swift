import Foundation

/// The state of the system services an app reaches through UIKit's singletons
/// (`UIDevice.current`, `UIPasteboard.general`, `UIAccessibility`): one per app, kept by
/// its ``AppLifecycle``, so apps on two threads of one process never share any of it.
final class SystemServicesState {
    /// `UIDevice.current`, made on first use.
    var device: Device?
    /// The pasteboards by name, the general one included once used.
    var pasteboards: [String: PasteboardStore] = [:]
    /// `UIPasteboard.general`, made on first use (one object, so notifications filtered by
    /// it arrive).
    var generalPasteboard: Pasteboard?
    /// How many pasteboards `withUniqueName()` made: their names count up.
    var uniquePasteboards = 0
    /// What the simulated user turned on in Settings > Accessibility.
    var accessibility = AccessibilitySettings()
    /// The Home-screen quick actions the app set.
    var shortcutItems: [ApplicationShortcutItem]?
    /// The user activity that called `becomeCurrent()` last and is still current.
    weak var currentUserActivity: UserActivity?
    /// The user activities responders hold (`UIResponder.userActivity`), by responder.
    var responderActivities: [ObjectIdentifier: ResponderActivity] = [:]
    /// How many user activities the app made: their trace labels count up.
    var userActivities = 0
}

/// A responder's user activity, with the responder weakly, so that an entry whose
/// responder is gone (and whose identifier a new object may reuse) is recognised.
struct ResponderActivity {
    weak var responder: Responder?
    var activity: UserActivity
}

extension Application {
    /// The app's system services (System/).
    var systemServices: SystemServicesState { lifecycle.system }
}
