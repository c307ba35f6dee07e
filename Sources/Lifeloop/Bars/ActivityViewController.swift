import Foundation

/// A service an activity view controller offers: UIKit's `UIActivity`. Subclass it for an
/// activity of your own (``ActivityViewController/applicationActivities``): its title shows as a button in the
/// sheet, and a tap on it runs ``prepare(withActivityItems:)`` and ``perform()``; call
/// ``activityDidFinish(_:)`` when it is done.
open class Activity {
    /// An activity's identifier: UIKit's `UIActivity.ActivityType`, with UIKit's values.
    public struct ActivityType: RawRepresentable, Hashable, Sendable {
        /// The identifier.
        public var rawValue: String
        /// An activity type of this identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An activity type of this identifier.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// Posting to Facebook.
        public static let postToFacebook = ActivityType("com.apple.UIKit.activity.PostToFacebook")
        /// Posting to Twitter.
        public static let postToTwitter = ActivityType("com.apple.UIKit.activity.PostToTwitter")
        /// Posting to Weibo.
        public static let postToWeibo = ActivityType("com.apple.UIKit.activity.PostToWeibo")
        /// Sending a message.
        public static let message = ActivityType("com.apple.UIKit.activity.Message")
        /// Sending mail.
        public static let mail = ActivityType("com.apple.UIKit.activity.Mail")
        /// Printing.
        public static let print = ActivityType("com.apple.UIKit.activity.Print")
        /// Copying to the pasteboard.
        public static let copyToPasteboard = ActivityType("com.apple.UIKit.activity.CopyToPasteboard")
        /// Assigning to a contact.
        public static let assignToContact = ActivityType("com.apple.UIKit.activity.AssignToContact")
        /// Saving to the camera roll.
        public static let saveToCameraRoll = ActivityType("com.apple.UIKit.activity.SaveToCameraRoll")
        /// Adding to the reading list.
        public static let addToReadingList = ActivityType("com.apple.UIKit.activity.AddToReadingList")
        /// Posting to Flickr.
        public static let postToFlickr = ActivityType("com.apple.UIKit.activity.PostToFlickr")
        /// Posting to Vimeo.
        public static let postToVimeo = ActivityType("com.apple.UIKit.activity.PostToVimeo")
        /// Posting to Tencent Weibo.
        public static let postToTencentWeibo = ActivityType("com.apple.UIKit.activity.TencentWeibo")
        /// AirDrop.
        public static let airDrop = ActivityType("com.apple.UIKit.activity.AirDrop")
        /// Opening in Books.
        public static let openInIBooks = ActivityType("com.apple.UIKit.activity.OpenInIBooks")
        /// Marking up as PDF.
        public static let markupAsPDF = ActivityType("com.apple.UIKit.activity.MarkupAsPDF")
        /// SharePlay.
        public static let sharePlay = ActivityType("com.apple.UIKit.activity.SharePlay")
        /// Inviting to collaborate with a link.
        public static let collaborationInviteWithLink = ActivityType("com.apple.UIKit.activity.CollaborationInviteWithLink")
        /// Copying a collaboration link.
        public static let collaborationCopyLink = ActivityType("com.apple.UIKit.activity.CollaborationCopyLink")
        /// Adding to the home screen.
        public static let addToHomeScreen = ActivityType("com.apple.UIKit.activity.AddToHomeScreen")
    }

    /// Where an activity shows: UIKit's `UIActivity.Category`.
    public enum Category: Int, Hashable, Sendable {
        /// An action on the items.
        case action
        /// Sharing the items.
        case share
    }

    /// The sheet the activity runs in, while it runs.
    weak var host: ActivityViewController?

    /// An activity.
    public init() {}

    /// The activity's category (an action by default).
    open class var activityCategory: Category { .action }
    /// The activity's identifier (nil by default).
    open var activityType: ActivityType? { nil }
    /// The title its button shows (nil by default).
    open var activityTitle: String? { nil }
    /// The image its button shows (data).
    open var activityImage: Image? { nil }
    /// Whether it can act on `activityItems` (false by default: override it).
    open func canPerform(withActivityItems activityItems: [Any]) -> Bool { false }
    /// Takes the items before it runs.
    open func prepare(withActivityItems activityItems: [Any]) {}
    /// A controller to present for the activity (data: nil by default; Lifeloop calls
    /// ``perform()``).
    open var activityViewController: ViewController? { nil }
    /// Runs the activity; call ``activityDidFinish(_:)`` when done.
    open func perform() { activityDidFinish(false) }

    /// Tells the sheet the activity is done: it is dismissed and its completion handler
    /// hears the activity's type and whether it completed.
    open func activityDidFinish(_ completed: Bool) {
        host?.activityFinished(self, completed: completed)
    }
}

/// The share sheet: UIKit's `UIActivityViewController`.
///
/// Presented, it shows as a plain sheet (it is a popover, which adapts to a sheet on a
/// phone): a title, a button for each of the ``applicationActivities`` that can act on the
/// items (not excluded), and a Cancel button. No system activity (AirDrop, Messages,
/// printing…) runs here. A tap on an application activity's button runs it (its
/// `prepare(withActivityItems:)` and `perform()`); when it calls `activityDidFinish(_:)`
/// the sheet is dismissed and ``completionWithItemsHandler`` hears its type and whether it
/// completed. Cancel, a swipe down or a dismissal from code dismiss it with
/// `(nil, false, nil, nil)`.
open class ActivityViewController: ViewController {
    /// What the sheet calls when it goes: the activity that ran (nil if none), whether it
    /// completed, the items it returned and its error.
    public typealias CompletionWithItemsHandler = (Activity.ActivityType?, Bool, [Any]?, Error?) -> Void
    /// The older completion handler: the activity and whether it completed.
    public typealias CompletionHandler = (Activity.ActivityType?, Bool) -> Void

    /// The items to share.
    public let activityItems: [Any]
    /// The app's own activities.
    public let applicationActivities: [Activity]
    /// Activity types not to offer.
    open var excludedActivityTypes: [Activity.ActivityType]?
    /// Called once when the sheet goes.
    open var completionWithItemsHandler: CompletionWithItemsHandler?
    /// Called once when the sheet goes (the older handler).
    open var completionHandler: CompletionHandler?
    /// Whether the sheet offers the most relevant activity first (data).
    open var allowsProminentActivity = true
    private var finished = false

    /// A share sheet for `activityItems`, offering `applicationActivities` of the app's own.
    public init(activityItems: [Any], applicationActivities: [Activity]?) {
        self.activityItems = activityItems
        self.applicationActivities = applicationActivities ?? []
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .popover
    }

    /// Share sheets are made in code.
    public required init?(coder: NSCoder) {
        activityItems = []
        applicationActivities = []
        super.init(coder: coder)
        modalPresentationStyle = .popover
    }

    /// The activities offered: the application activities that can act on the items and
    /// are not excluded.
    public var offeredActivities: [Activity] {
        applicationActivities.filter { activity in
            activity.canPerform(withActivityItems: activityItems)
                && !(activity.activityType.map { excludedActivityTypes?.contains($0) ?? false } ?? false)
        }
    }

    /// A sheet: the title, a button per offered activity, and Cancel.
    open override func loadView() {
        let sheet = View(frame: app?.mainScreen.bounds ?? Rect(x: 0, y: 0, width: 390, height: 844))
        sheet.backgroundColor = .systemGroupedBackground
        let title = Label(frame: Rect(x: 16, y: 16, width: sheet.bounds.width - 32, height: 22))
        title.text = "Share \(activityItems.count == 1 ? "1 item" : "\(activityItems.count) items")"
        title.font = .boldSystemFont(ofSize: 17)
        title.autoresizingMask = [.flexibleWidth]
        sheet.addSubview(title)
        var y: CGFloat = 54
        for activity in offeredActivities {
            let button = Button(type: .system)
            button.setTitle(activity.activityTitle ?? activity.activityType?.rawValue ?? "Activity", for: .normal)
            button.frame = Rect(x: 16, y: y, width: sheet.bounds.width - 32, height: 44)
            button.autoresizingMask = [.flexibleWidth]
            button.addAction(Action { [unowned self, unowned activity] _ in self.run(activity) }, for: .primaryActionTriggered)
            sheet.addSubview(button)
            y += 52
        }
        let cancel = Button(type: .system)
        cancel.setTitle("Cancel", for: .normal)
        cancel.frame = Rect(x: 16, y: y, width: sheet.bounds.width - 32, height: 44)
        cancel.autoresizingMask = [.flexibleWidth]
        cancel.addAction(Action { [unowned self] _ in self.cancelTapped() }, for: .primaryActionTriggered)
        sheet.addSubview(cancel)
        view = sheet
    }

    private func run(_ activity: Activity) {
        trace("performActivity", detail: activity.activityType?.rawValue ?? activity.activityTitle ?? "")
        activity.host = self
        activity.prepare(withActivityItems: activityItems)
        activity.perform()
    }

    private func cancelTapped() {
        trace("cancelActivity")
        finish(type: nil, completed: false)
        dismiss(animated: true)
    }

    func activityFinished(_ activity: Activity, completed: Bool) {
        activity.host = nil
        finish(type: activity.activityType, completed: completed)
        if presentingViewController != nil { dismiss(animated: true) }
    }

    private func finish(type: Activity.ActivityType?, completed: Bool) {
        guard !finished else { return }
        finished = true
        completionWithItemsHandler?(type, completed, nil, nil)
        completionHandler?(type, completed)
    }

    /// A dismissal from code or a swipe is a cancel.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if isBeingDismissed || presentingViewController == nil { finish(type: nil, completed: false) }
    }
}
