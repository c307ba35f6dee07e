import Foundation

/// Something the user is doing in the app that the system could continue elsewhere
/// (Handoff, Spotlight, universal links): Foundation's `NSUserActivity`, which Foundation
/// on Linux lacks.
///
/// Lifeloop keeps an activity as data. There is no other device to hand off to and no
/// search index: ``becomeCurrent()``, ``resignCurrent()`` and ``invalidate()`` are traced
/// on the calling thread's app (`userActivity becomeCurrent com.example.reading`) and make
/// the activity the app's ``Application/currentUserActivity`` or not. An app is handed an
/// activity to continue with ``Application/continueUserActivity(_:)``.
open class UserActivity {
    /// The activity type of a web page the user is viewing: Foundation's
    /// `NSUserActivityTypeBrowsingWeb`, the type a universal link arrives with.
    public static let browsingWebType = "NSUserActivityTypeBrowsingWeb"

    /// The activity's type, usually a reverse-DNS string the app declares.
    public let activityType: String
    /// A title for the user, as Spotlight would show it.
    public var title: String?
    /// The app's data for continuing the activity.
    public var userInfo: [AnyHashable: Any]?
    /// The keys of ``userInfo`` needed to continue the activity.
    public var requiredUserInfoKeys: Set<String>?
    /// Words Spotlight would find the activity by.
    public var keywords: Set<String> = []
    /// The web page to continue in a browser where the app is missing.
    public var webpageURL: URL?
    /// The page that led to ``webpageURL``.
    public var referrerURL: URL?
    /// When the activity stops being relevant.
    public var expirationDate: Date?
    /// Whether Spotlight may index the activity (data: there is no index).
    public var isEligibleForSearch = false
    /// Whether the activity may be handed off to another device (data: true by default, as
    /// in Foundation; there is no other device).
    public var isEligibleForHandoff = true
    /// Whether the activity may be indexed publicly (data).
    public var isEligibleForPublicIndexing = false
    /// Whether Siri may suggest the activity (data).
    public var isEligibleForPrediction = false
    /// An identifier the app can later delete the activity by.
    public var persistentIdentifier: String?
    /// An identifier of the content, for choosing a scene to continue it in.
    public var targetContentIdentifier: String?
    /// Whether the app has data to add before the activity is sent (data).
    public var needsSave = false
    /// Whether ``invalidate()`` ended the activity.
    public private(set) var isValid = true

    /// An activity of `activityType`.
    public init(activityType: String) {
        self.activityType = activityType
    }

    /// Adds `otherDictionary`'s entries to ``userInfo`` (replacing those of the same keys).
    public func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        userInfo = (userInfo ?? [:]).merging(otherDictionary) { $1 }
    }

    /// Makes this the calling thread's app's current activity: traced
    /// (`userActivity becomeCurrent <type>`). An invalidated activity stays out.
    public func becomeCurrent() {
        guard isValid, let app = onLoop("becomeCurrent()") else { return }
        app.systemServices.currentUserActivity = self
        app.loop.record(label: "userActivity", event: "becomeCurrent", detail: activityType)
    }

    /// Stops this being the current activity, if it is: traced
    /// (`userActivity resignCurrent <type>`).
    public func resignCurrent() {
        guard let app = onLoop("resignCurrent()") else { return }
        if app.systemServices.currentUserActivity === self { app.systemServices.currentUserActivity = nil }
        app.loop.record(label: "userActivity", event: "resignCurrent", detail: activityType)
    }

    /// Ends the activity for good: it is no longer current and cannot become current again.
    /// Traced (`userActivity invalidate <type>`).
    public func invalidate() {
        guard let app = onLoop("invalidate()") else { return }
        isValid = false
        if app.systemServices.currentUserActivity === self { app.systemServices.currentUserActivity = nil }
        app.loop.record(label: "userActivity", event: "invalidate", detail: activityType)
    }

    /// The calling thread's app when the call is on its loop thread.
    private func onLoop(_ operation: StaticString) -> Application? {
        guard let app = Application.current, app.checkLoopThread(label: "userActivity", operation: operation) else {
            return nil
        }
        return app
    }
}

/// An object that can bring back a user activity's state: UIKit's
/// `UIUserActivityRestoring`, which every responder is. An app delegate passes such
/// objects to the restoration handler of `application(_:continue:restorationHandler:)`,
/// and each is given the activity.
public protocol UserActivityRestoring: AnyObject {
    /// Restores the state `userActivity` describes.
    func restoreUserActivityState(_ userActivity: UserActivity)
}

extension Responder: UserActivityRestoring {}

extension Responder {
    /// The activity this responder represents: UIKit's `UIResponder.userActivity`, kept by
    /// the calling thread's app as data (Lifeloop does not make it current by itself; call
    /// ``UserActivity/becomeCurrent()``). Nil on a thread with no app.
    public var userActivity: UserActivity? {
        get {
            guard let app = Application.current,
                  let entry = app.systemServices.responderActivities[ObjectIdentifier(self)],
                  entry.responder === self else { return nil }
            return entry.activity
        }
        set {
            guard let app = Application.current,
                  app.checkLoopThread(label: "userActivity", operation: "userActivity") else { return }
            var table = app.systemServices.responderActivities
            // Entries whose responder is gone go first (their identifiers may be reused).
            if table.count >= 16, table.count.isMultiple(of: 16) { table = table.filter { $0.value.responder != nil } }
            table[ObjectIdentifier(self)] = newValue.map { ResponderActivity(responder: self, activity: $0) }
            app.systemServices.responderActivities = table
        }
    }
}

extension Application {
    /// The user activity that called ``UserActivity/becomeCurrent()`` last on this app and
    /// is still current (held weakly, as iOS leaves keeping it to the app).
    public var currentUserActivity: UserActivity? { systemServices.currentUserActivity }
}
