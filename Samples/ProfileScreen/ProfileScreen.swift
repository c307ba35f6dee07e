// A sample written as UIKit code for iOS, laid out entirely with Auto Layout: anchors,
// the safe area and layout margins guides, stack views, intrinsic sizes, a multiline
// label, an aspect ratio, priorities, and a constraint whose constant changes.
import LifeloopScenario
import UIKit

/// The `ProfileScreen` sample (`app: {sample: ProfileScreen}` in a scenario, or
/// `app.launch` with `{"sample":"ProfileScreen"}` through the daemon): a profile page
/// whose frames all come from constraints. Tapping "Follow" widens the avatar's border
/// area (a constraint's constant changes) and relays the page out.
public enum ProfileScreen {
    /// The profile page.
    final class ProfileViewController: UIViewController {
        let avatar = UIImageView()
        let name = UILabel()
        let handle = UILabel()
        let bio = UILabel()
        let follow = UIButton(type: .system)
        let message = UIButton(type: .system)
        let footer = UILabel()
        var avatarWidth: NSLayoutConstraint?

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Profile"
            view.backgroundColor = .systemBackground
            view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 20, bottom: 8, trailing: 20)

            avatar.backgroundColor = .systemBlue
            avatar.traceLabel = "avatar"
            name.text = "Ada Lovelace"
            name.font = .preferredFont(forTextStyle: .title2)
            name.traceLabel = "name"
            handle.text = "@ada"
            handle.font = .preferredFont(forTextStyle: .subheadline)
            handle.textColor = .secondaryLabel
            handle.traceLabel = "handle"
            bio.text = "Wrote the first program for the Analytical Engine, and saw that it could do more than arithmetic: "
                + "it could compose music, given the rules."
            bio.numberOfLines = 0
            bio.font = .preferredFont(forTextStyle: .body)
            bio.traceLabel = "bio"
            follow.setTitle("Follow", for: .normal)
            follow.traceLabel = "follow"
            follow.accessibilityIdentifier = "follow"
            message.setTitle("Message", for: .normal)
            message.traceLabel = "message"
            footer.text = "Joined 1843"
            footer.font = .preferredFont(forTextStyle: .footnote)
            footer.traceLabel = "footer"

            let titles = UIStackView(arrangedSubviews: [name, handle])
            titles.axis = .vertical
            titles.spacing = 4
            titles.traceLabel = "titles"
            let header = UIStackView(arrangedSubviews: [avatar, titles])
            header.axis = .horizontal
            header.alignment = .center
            header.spacing = 12
            header.traceLabel = "header"
            let buttons = UIStackView(arrangedSubviews: [follow, message])
            buttons.axis = .horizontal
            buttons.distribution = .fillEqually
            buttons.spacing = 8
            buttons.traceLabel = "buttons"

            for part in [header, bio, buttons, footer] as [UIView] {
                part.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(part)
            }
            let margins = view.layoutMarginsGuide
            let safe = view.safeAreaLayoutGuide
            let width = avatar.widthAnchor.constraint(equalToConstant: 64)
            avatarWidth = width
            // The bio may be as wide as the margins, and prefers 480 points at most (above
            // its compression resistance, 750, so that the two never tie).
            let readable = bio.widthAnchor.constraint(lessThanOrEqualToConstant: 480)
            readable.priority = UILayoutPriority(999)
            NSLayoutConstraint.activate([
                width,
                avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
                header.topAnchor.constraint(equalTo: safe.topAnchor, constant: 16),
                header.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                header.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
                bio.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 16),
                bio.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                bio.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
                readable,
                buttons.topAnchor.constraint(equalTo: bio.bottomAnchor, constant: 20),
                buttons.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                buttons.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                buttons.heightAnchor.constraint(equalToConstant: 44),
                footer.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                footer.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -12),
            ])
            follow.addAction(UIAction { [unowned self] _ in
                avatarWidth?.constant = (avatarWidth?.constant ?? 64) == 64 ? 96 : 64
            }, for: .touchUpInside)
        }
    }

    /// Launches the page in a navigation controller in the scenario's first window.
    @Sendable public static func launch(_ context: LaunchContext) throws {
        let spec = context.windows[0]
        let window = UIWindow(screen: spec.screen, label: spec.label)
        let profile = ProfileViewController()
        profile.traceLabel = "Profile"
        window.rootViewController = UINavigationController(rootViewController: profile, label: "Nav")
        window.makeKeyAndVisible()
    }

    /// The sample's definition, for scenarios and the daemon.
    public static let definition = AppDefinition(
        name: "ProfileScreen", summary: "UIKit code laid out with Auto Layout: anchors, guides, stack views, a multiline label",
        scenes: [], threading: .anyThread, launch: launch)
}
