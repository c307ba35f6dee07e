import Foundation

extension Button {
    /// A description of a button's look: UIKit's `UIButton.Configuration` (iOS 15), made
    /// from one of its styles (``plain()``, ``filled()`` …) and changed property by
    /// property. Set it as a button's ``Button/configuration``: the button then shows its
    /// title, color, image, background, corners and insets, as snapshots draw them.
    ///
    /// What Lifeloop draws: the background's custom view behind the content, the title
    /// (its font and color after ``titleTextAttributesTransformer``, or the first run's
    /// font and color of ``attributedTitle``) and the subtitle as the button's lines, the
    /// image's name, the background fill and stroke, the corner style, the content insets
    /// and image padding in the button's size, and an activity indicator while
    /// ``showsActivityIndicator``.
    /// Its own choices where UIKit documents no number: titles are 17 points (15 small,
    /// 12 mini), subtitles 15 (13, 11); dynamic corners are 6 points (4 small and mini,
    /// 8 large); a disabled button's colors are the system gray, a highlighted one's fill
    /// is drawn at 80% opacity.
    public struct Configuration {
        /// The corner treatment: UIKit's `UIButton.Configuration.CornerStyle`.
        public enum CornerStyle: Int, Hashable, Sendable {
            /// The background's own ``BackgroundConfiguration/cornerRadius``.
            case fixed = -1
            /// A radius that follows the button's size.
            case dynamic = 0
            /// Small corners (4 points).
            case small = 1
            /// Medium corners (6 points).
            case medium = 2
            /// Large corners (8 points).
            case large = 3
            /// Fully rounded ends: half the button's height.
            case capsule = 4
        }

        /// The button's size class: UIKit's `UIButton.Configuration.Size`.
        public enum Size: Int, Hashable, Sendable {
            /// The standard size.
            case medium = 0
            /// A smaller button.
            case small = 1
            /// The smallest button.
            case mini = 2
            /// A larger button.
            case large = 3
        }

        /// How the title and subtitle line up: UIKit's
        /// `UIButton.Configuration.TitleAlignment`.
        public enum TitleAlignment: Int, Hashable, Sendable {
            /// As the layout decides (centered here).
            case automatic = 0
            /// Leading.
            case leading = 1
            /// Centered.
            case center = 2
            /// Trailing.
            case trailing = 3
        }

        /// The styles a configuration is made from, which give its default colors.
        enum Style: Hashable {
            case plain, tinted, gray, filled
        }
        var style: Style

        /// The background: its color overrides ``baseBackgroundColor``; its corner radius
        /// is used with the `fixed` corner style; its stroke outlines the button.
        public var background: BackgroundConfiguration
        /// The corner treatment (`dynamic` by default).
        public var cornerStyle: CornerStyle = .dynamic
        /// The size class (`medium` by default): it sets the fonts and dynamic corners.
        public var buttonSize: Size = .medium
        /// The color of the title, subtitle and image (nil: the style's: the tint color,
        /// or white on a filled button).
        public var baseForegroundColor: Color?
        /// The fill under the content (nil: the style's: none, a light tint, a gray or
        /// the tint color), unless ``background`` has a color.
        public var baseBackgroundColor: Color?
        /// The image.
        public var image: Image?
        /// Changes the image's color (data: images are drawn by name).
        public var imageColorTransformer: ConfigurationColorTransformer?
        /// Whether an activity indicator shows in place of the image.
        public var showsActivityIndicator = false
        /// Changes the activity indicator's color.
        public var activityIndicatorColorTransformer: ConfigurationColorTransformer?
        /// The title with its attributes; setting ``title`` sets it without attributes.
        public var attributedTitle: AttributedString?
        /// Changes the title's attributes (its `font` and `foregroundColor` are drawn).
        public var titleTextAttributesTransformer: ConfigurationTextAttributesTransformer?
        /// The subtitle with its attributes; setting ``subtitle`` sets it without attributes.
        public var attributedSubtitle: AttributedString?
        /// Changes the subtitle's attributes.
        public var subtitleTextAttributesTransformer: ConfigurationTextAttributesTransformer?
        /// The space around the content (the style's default: 7 points above and below,
        /// 12 on each side, at the medium size).
        public var contentInsets: DirectionalEdgeInsets
        /// Where the image goes beside the title (`leading` by default).
        public var imagePlacement: DirectionalRectEdge = .leading
        /// The space between the image and the title.
        public var imagePadding: CGFloat = 0
        /// The space between the title and the subtitle.
        public var titlePadding: CGFloat = 0
        /// How the title and subtitle line up.
        public var titleAlignment: TitleAlignment = .automatic
        /// Whether a selected button shows as selected (data).
        public var automaticallyUpdateForSelection = true
        /// The title's line break mode (data).
        public var titleLineBreakMode: LineBreakMode = .byWordWrapping
        /// The subtitle's line break mode (data).
        public var subtitleLineBreakMode: LineBreakMode = .byWordWrapping

        init(style: Style) {
            self.style = style
            background = BackgroundConfiguration(kind: .clear, color: nil)
            contentInsets = Self.defaultInsets(for: .medium)
        }

        /// A plain button: tinted text, no background.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A tinted button: tinted text on a light tint.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A gray button: tinted text on a gray fill.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// A filled button: white text on the tint color.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// A borderless button (the older name of ``plain()``).
        public static func borderless() -> Configuration { Configuration(style: .plain) }
        /// A bordered button (as ``gray()``).
        public static func bordered() -> Configuration { Configuration(style: .gray) }
        /// A bordered, tinted button (as ``tinted()``).
        public static func borderedTinted() -> Configuration { Configuration(style: .tinted) }
        /// A prominent bordered button (as ``filled()``).
        public static func borderedProminent() -> Configuration { Configuration(style: .filled) }

        /// The title's text; setting it replaces ``attributedTitle`` with plain text.
        public var title: String? {
            get { attributedTitle.map { String($0.characters) } }
            set { attributedTitle = newValue.map { AttributedString($0) } }
        }

        /// The subtitle's text; setting it replaces ``attributedSubtitle`` with plain text.
        public var subtitle: String? {
            get { attributedSubtitle.map { String($0.characters) } }
            set { attributedSubtitle = newValue.map { AttributedString($0) } }
        }

        /// Puts back the style's default content insets for the button size.
        public mutating func setDefaultContentInsets() {
            contentInsets = Self.defaultInsets(for: buttonSize)
        }

        /// The configuration for `button`'s state (unchanged: the button applies its
        /// state's colors when it draws).
        public func updated(for button: Button) -> Configuration { self }

        static func defaultInsets(for size: Size) -> DirectionalEdgeInsets {
            switch size {
            case .mini: DirectionalEdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6)
            case .small: DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: DirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// The title's font before attributes: by button size.
        var baseTitleFont: Font {
            switch buttonSize {
            case .mini: .systemFont(ofSize: 12)
            case .small: .systemFont(ofSize: 15)
            case .medium, .large: .systemFont(ofSize: 17)
            }
        }

        /// The subtitle's font before attributes: by button size.
        var baseSubtitleFont: Font {
            switch buttonSize {
            case .mini: .systemFont(ofSize: 11)
            case .small: .systemFont(ofSize: 13)
            case .medium, .large: .systemFont(ofSize: 15)
            }
        }

        /// The content color for a button of `tint` in `state`.
        func foregroundColor(tint: Color, state: Control.State) -> Color {
            if state.contains(.disabled) { return .systemGray }
            return baseForegroundColor ?? (style == .filled ? .white : tint)
        }

        /// The fill for a button of `tint` in `state` (nil: none).
        func backgroundColor(tint: Color, state: Control.State) -> Color? {
            var color: Color?
            if let own = background.backgroundColor {
                color = own
            } else if let base = baseBackgroundColor {
                color = style == .tinted ? base.withAlphaComponent(0.15) : base
            } else {
                switch style {
                case .plain: color = nil
                case .tinted: color = tint.withAlphaComponent(0.15)
                case .gray: color = .secondarySystemFill
                case .filled: color = tint
                }
            }
            if state.contains(.disabled), style != .plain, color != nil { color = .tertiarySystemFill }
            if let transformer = background.backgroundColorTransformer, let base = color { color = transformer(base) }
            if state.contains(.highlighted), let base = color { color = base.withAlphaComponent(CGFloat(base.alpha * 0.8)) }
            return color
        }

        /// The corner radius for a button `height` points high.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: background.cornerRadius
            case .dynamic: buttonSize == .large ? 8 : buttonSize == .medium ? 6 : 4
            case .small: 4
            case .medium: 6
            case .large: 8
            case .capsule: height / 2
            }
        }

        /// The title's font and color: the size's font and `color`, then the attributed
        /// title's first run, then the transformer.
        func titleAttributes(color: Color) -> (Font, Color) {
            attributes(of: attributedTitle, font: baseTitleFont, color: color, transformer: titleTextAttributesTransformer)
        }

        /// The subtitle's font and color.
        func subtitleAttributes(color: Color) -> (Font, Color) {
            attributes(of: attributedSubtitle, font: baseSubtitleFont, color: color,
                       transformer: subtitleTextAttributesTransformer)
        }

        private func attributes(of text: AttributedString?, font: Font, color: Color,
                                transformer: ConfigurationTextAttributesTransformer?) -> (Font, Color) {
            var container = AttributeContainer()
            container.font = font
            container.foregroundColor = color
            if let run = text?.runs.first {
                if let own = run.attributes.font { container.font = own }
                if let own = run.attributes.foregroundColor { container.foregroundColor = own }
            }
            if let transformer { container = transformer(container) }
            return (container.font ?? font, container.foregroundColor ?? color)
        }
    }

    /// A button of the `plain` type that draws `configuration`; a tap runs `primaryAction`
    /// (whose title is the button's when the configuration has none).
    public convenience init(configuration: Configuration, primaryAction: Action? = nil) {
        self.init(type: .plain)
        var configuration = configuration
        if configuration.attributedTitle == nil, let title = primaryAction?.title, !title.isEmpty {
            configuration.title = title
        }
        if configuration.image == nil, let image = primaryAction?.image { configuration.image = image }
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// The button's configuration (nil: none, the button shows its per-state titles).
    /// Setting one shows its title, colors, image and background at once, and asks for a
    /// configuration update (``Button/updateConfiguration()``, then
    /// ``configurationUpdateHandler``) at the next layout; setting nil leaves what it drew.
    public var configuration: Configuration? {
        get { configurationStorage?.configuration }
        set {
            guard onLoop("configuration") else { return }
            let storage = makeConfigurationStorage()
            storage.configuration = newValue
            guard newValue != nil else { return }
            applyConfiguration()
            if !storage.isUpdating { setNeedsUpdateConfiguration() }
        }
    }

    /// What the button runs when its configuration needs updating (a state change, a new
    /// configuration, ``setNeedsUpdateConfiguration()``), after
    /// ``Button/updateConfiguration()``: set ``configuration`` for the state in it.
    public var configurationUpdateHandler: ((Button) -> Void)? {
        get { configurationStorage?.updateHandler }
        set {
            guard onLoop("configurationUpdateHandler") else { return }
            makeConfigurationStorage().updateHandler = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// Whether a change of state (enabled, selected, highlighted) updates the
    /// configuration (true by default).
    public var automaticallyUpdatesConfiguration: Bool {
        get { configurationStorage?.automaticallyUpdates ?? true }
        set { if onLoop("automaticallyUpdatesConfiguration") { makeConfigurationStorage().automaticallyUpdates = newValue } }
    }

    /// Asks for a configuration update at the next layout: ``Button/updateConfiguration()``,
    /// then ``configurationUpdateHandler``, then the configuration is drawn again.
    public func setNeedsUpdateConfiguration() {
        guard onLoop("setNeedsUpdateConfiguration()") else { return }
        makeConfigurationStorage().needsUpdate = true
        setNeedsLayout()
    }

    /// The subtitle the configuration shows, if any (snapshots draw it under the title).
    public var currentSubtitle: String? { configurationStorage?.configuration?.subtitle }

    /// The storage, made on first use.
    func makeConfigurationStorage() -> ButtonConfigurationStorage {
        if let configurationStorage { return configurationStorage }
        let made = ButtonConfigurationStorage()
        configurationStorage = made
        return made
    }

    /// A state change: update the configuration when the button has one.
    func configurationStateDidChange() {
        guard let storage = configurationStorage, storage.automaticallyUpdates,
              storage.configuration != nil || storage.updateHandler != nil else { return }
        applyConfiguration()
        setNeedsUpdateConfiguration()
    }

    /// The layout step: a pending update runs, then the capsule corners and the activity
    /// indicator follow the size.
    func runConfigurationLayout() {
        guard let storage = configurationStorage else { return }
        if storage.needsUpdate {
            storage.needsUpdate = false
            storage.isUpdating = true
            trace("updateConfiguration")
            updateConfiguration()
            storage.updateHandler?(self)
            storage.isUpdating = false
            applyConfiguration()
        }
        guard let configuration = storage.configuration else { return }
        let radius = configuration.cornerRadius(height: bounds.height)
        if layer.cornerRadius != radius { layer.cornerRadius = radius }
        if let custom = storage.backgroundView {
            let whole = Rect(origin: .zero, size: bounds.size)
            if custom.frame != whole { custom.frame = whole }
        }
        if let indicator = storage.indicator {
            let side = indicator.frame.width
            let leading = configuration.contentInsets.leading
            let x = configuration.title == nil ? (bounds.width - side) / 2 : leading
            indicator.frame = Rect(x: x, y: (bounds.height - side) / 2, width: side, height: side)
        }
    }

    /// Draws the configuration for the current state: title, colors, image, background,
    /// corners, stroke, insets and the activity indicator.
    func applyConfiguration() {
        guard let storage = configurationStorage, let configuration = storage.configuration else { return }
        let state = self.state
        let tint = tintColor ?? .systemBlue
        let foreground = configuration.foregroundColor(tint: tint, state: state)
        let (font, color) = configuration.titleAttributes(color: foreground)
        showConfigured(title: configuration.title, color: color,
                       image: configuration.showsActivityIndicator ? nil : configuration.image, font: font)
        let fill = configuration.backgroundColor(tint: tint, state: state)
        if backgroundColor != fill { backgroundColor = fill }
        let radius = configuration.cornerRadius(height: bounds.height)
        if radius > 0 || layerIfMade != nil { layer.cornerRadius = radius }
        if let stroke = configuration.background.drawnStroke {
            layer.borderWidth = stroke.1
            layer.borderColor = stroke.0
        } else if let layer = layerIfMade, layer.borderWidth != 0 {
            layer.borderWidth = 0
        }
        let custom = configuration.background.customView
        if storage.backgroundView !== custom {
            if let old = storage.backgroundView, old.superview === self { old.removeFromSuperview() }
            storage.backgroundView = custom
            if let custom {
                custom.isUserInteractionEnabled = false
                insertSubview(custom, at: 0)
            }
        }
        let insets = configuration.contentInsets
        let edges = EdgeInsets(top: insets.top, left: insets.leading, bottom: insets.bottom, right: insets.trailing)
        if contentEdgeInsets != edges { contentEdgeInsets = edges }
        if configuration.showsActivityIndicator {
            let indicator = storage.indicator ?? ActivityIndicatorView(style: .medium)
            if storage.indicator == nil {
                storage.indicator = indicator
                indicator.traceLabel = traceLabel + ".activityIndicator"
                addSubview(indicator)
                indicator.startAnimating()
            }
            indicator.color = configuration.activityIndicatorColorTransformer?(foreground) ?? foreground
        } else if let indicator = storage.indicator {
            storage.indicator = nil
            indicator.stopAnimating()
            indicator.removeFromSuperview()
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// What the configuration adds to the button's size beyond its title, image and insets:
    /// the image padding, the subtitle and the activity indicator.
    var configurationExtraSize: Size {
        guard let configuration = configurationStorage?.configuration else { return .zero }
        var extra = Size.zero
        let hasTitle = configuration.title?.isEmpty == false
        let vertical = configuration.imagePlacement == .top || configuration.imagePlacement == .bottom
        if hasTitle, configuration.image != nil || configuration.showsActivityIndicator {
            if vertical { extra.height += configuration.imagePadding } else { extra.width += configuration.imagePadding }
        }
        if configuration.showsActivityIndicator, configuration.image == nil { extra.width += 20 }
        if let subtitle = configuration.subtitle, !subtitle.isEmpty {
            let (font, _) = configuration.subtitleAttributes(color: .black)
            let size = font.size(of: subtitle)
            let titleWidth = titleLabel.map { $0.font.size(of: configuration.title ?? "").width } ?? 0
            extra.width += max(0, size.width - titleWidth)
            extra.height += size.height + configuration.titlePadding
        }
        return extra
    }
}

/// A button's configuration, its update handler and the state of its updates.
final class ButtonConfigurationStorage {
    var configuration: Button.Configuration?
    var updateHandler: ((Button) -> Void)?
    var automaticallyUpdates = true
    var needsUpdate = false
    /// Set while `updateConfiguration()` and the handler run: a configuration they set is
    /// drawn without asking for another update.
    var isUpdating = false
    /// The spinner shown while `showsActivityIndicator`.
    var indicator: ActivityIndicatorView?
    /// The background's custom view, behind the content.
    var backgroundView: View?
}
