import Foundation

/// A visual effect a ``VisualEffectView`` shows: UIKit's `UIVisualEffect`, the base of
/// ``BlurEffect`` and ``VibrancyEffect``. Lifeloop draws no blur: see ``VisualEffectView``.
open class VisualEffect: NSObject, NSCopying {
    /// An effect that changes nothing.
    public override init() {
        super.init()
    }

    /// The same effect (effects do not change once made).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The flat fill a view of this effect draws under its content, in `style` (nil: none).
    func fill(in style: TraitCollection.Style) -> Color? { nil }
}

/// A blur of what lies behind a view: UIKit's `UIBlurEffect`. Lifeloop does not blur: a
/// ``VisualEffectView`` with a blur draws a flat, translucent fill of the style's tone.
open class BlurEffect: VisualEffect {
    /// The blur's look: UIKit's `UIBlurEffect.Style`, with its raw values. The system
    /// materials without `Light` or `Dark` follow the view's light or dark appearance.
    public enum Style: Int, Hashable, Sendable {
        /// A very light blur.
        case extraLight = 0
        /// A light blur.
        case light = 1
        /// A dark blur.
        case dark = 2
        /// A darker blur (tvOS).
        case extraDark = 3
        /// The regular blur, light or dark with the appearance.
        case regular = 4
        /// A more opaque blur, light or dark with the appearance.
        case prominent = 5
        /// The thinnest material.
        case systemUltraThinMaterial = 6
        /// A thin material.
        case systemThinMaterial = 7
        /// The standard material.
        case systemMaterial = 8
        /// A thick material.
        case systemThickMaterial = 9
        /// The material of bars and chrome.
        case systemChromeMaterial = 10
        /// The thinnest material, always light.
        case systemUltraThinMaterialLight = 11
        /// A thin material, always light.
        case systemThinMaterialLight = 12
        /// The standard material, always light.
        case systemMaterialLight = 13
        /// A thick material, always light.
        case systemThickMaterialLight = 14
        /// The chrome material, always light.
        case systemChromeMaterialLight = 15
        /// The thinnest material, always dark.
        case systemUltraThinMaterialDark = 16
        /// A thin material, always dark.
        case systemThinMaterialDark = 17
        /// The standard material, always dark.
        case systemMaterialDark = 18
        /// A thick material, always dark.
        case systemThickMaterialDark = 19
        /// The chrome material, always dark.
        case systemChromeMaterialDark = 20

        /// Whether the style is dark in `appearance` (the adaptive styles follow it).
        func isDark(in appearance: TraitCollection.Style) -> Bool {
            switch self {
            case .dark, .extraDark, .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark,
                 .systemThickMaterialDark, .systemChromeMaterialDark:
                return true
            case .extraLight, .light, .systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight,
                 .systemThickMaterialLight, .systemChromeMaterialLight:
                return false
            case .regular, .prominent, .systemUltraThinMaterial, .systemThinMaterial, .systemMaterial,
                 .systemThickMaterial, .systemChromeMaterial:
                return appearance == .dark
            }
        }

        /// How opaque the style's fill is: thin materials let more through.
        var opacity: Double {
            switch self {
            case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark: 0.35
            case .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark: 0.55
            case .light, .dark, .regular, .systemMaterial, .systemMaterialLight, .systemMaterialDark: 0.7
            case .systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark: 0.75
            case .extraLight, .prominent, .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark: 0.85
            case .extraDark: 0.9
            }
        }
    }

    /// The blur's style.
    public let style: Style

    /// A blur of `style`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// A light or dark translucent gray, as opaque as the style.
    override func fill(in appearance: TraitCollection.Style) -> Color? {
        style.isDark(in: appearance) ? Color(red: 0.11, green: 0.11, blue: 0.12, alpha: style.opacity)
            : Color(red: 0.97, green: 0.97, blue: 0.98, alpha: style.opacity)
    }

    /// Whether `object` is a blur of the same style.
    open override func isEqual(_ object: Any?) -> Bool { (object as? BlurEffect)?.style == style }
    /// A hash of the style.
    open override var hash: Int { style.hashValue }
}

/// The way vibrant content is drawn: UIKit's `UIVibrancyEffectStyle` (data).
public enum VibrancyEffectStyle: Int, Hashable, Sendable {
    /// UIKit's vibrancy styles for text, fills and separators.
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}

/// Content made vivid over a blur: UIKit's `UIVibrancyEffect`. Lifeloop draws the content
/// of a view with this effect as it is (no fill and no vibrancy).
open class VibrancyEffect: VisualEffect {
    /// The blur the vibrancy goes with.
    public let blurEffect: BlurEffect
    /// The vibrancy's style (data).
    public let style: VibrancyEffectStyle

    /// Vibrancy for content over `blurEffect`.
    public init(blurEffect: BlurEffect) {
        self.blurEffect = blurEffect
        self.style = .label
        super.init()
    }

    /// Vibrancy of `style` for content over `blurEffect`.
    public init(blurEffect: BlurEffect, style: VibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    /// Whether `object` is vibrancy of the same blur and style.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? VibrancyEffect else { return false }
        return other.style == style && other.blurEffect.isEqual(blurEffect)
    }
    /// A hash of the blur and style.
    open override var hash: Int { blurEffect.hash &* 31 &+ style.rawValue }
}

/// A view that shows a visual effect behind its content: UIKit's `UIVisualEffectView`.
///
/// Content goes in ``contentView``, never in the effect view itself. There is no real
/// blur: under a ``BlurEffect`` the view draws a flat translucent fill of the style's
/// tone (light or dark; the adaptive styles follow the view's appearance), a backdrop view
/// behind the content view that snapshots show; under a ``VibrancyEffect`` or no effect
/// it draws nothing of its own. Both subviews fill the bounds.
open class VisualEffectView: View {
    /// The view the content goes in, filling the effect view.
    public let contentView: View
    /// The backdrop behind the content view that carries the effect's fill.
    private let backdrop: View

    /// The effect; setting it changes the fill at once (an animation of it is immediate).
    open var effect: VisualEffect? {
        didSet {
            guard onLoop("effect") else { return }
            trace("setEffect", detail: effect.map(Self.describe) ?? "nil")
            applyEffect()
        }
    }

    /// A view that shows `effect` (nil: none).
    public init(effect: VisualEffect?) {
        (contentView, backdrop) = (View(frame: .zero), View(frame: .zero))
        super.init(frame: .zero)
        setUpParts()
        self.effect = effect
        applyEffect()
    }

    /// A view with no effect in `frame`.
    public override convenience init(frame: Rect) {
        self.init(effect: nil)
        self.frame = frame
    }

    /// A view with no effect, from an archive.
    public required init?(coder: NSCoder) {
        (contentView, backdrop) = (View(frame: .zero), View(frame: .zero))
        super.init(coder: coder)
        setUpParts()
    }

    private func setUpParts() {
        backdrop.traceLabel = traceLabel + ".backdrop"
        contentView.traceLabel = traceLabel + ".contentView"
        backdrop.isUserInteractionEnabled = false
        for part in [backdrop, contentView] {
            part.frame = Rect(origin: .zero, size: bounds.size)
            part.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(part)
        }
    }

    /// The fill the effect draws now: the blur's tone, or nil.
    public var effectFill: Color? { backdrop.backgroundColor }

    private func applyEffect() {
        let fill = effect?.fill(in: traitCollection.userInterfaceStyle)
        if backdrop.backgroundColor != fill { backdrop.backgroundColor = fill }
    }

    /// The backdrop and content view fill the bounds, and the fill follows the appearance.
    override func runBuiltInLayout() {
        let whole = Rect(origin: .zero, size: bounds.size)
        if backdrop.frame != whole { backdrop.frame = whole }
        if contentView.frame != whole { contentView.frame = whole }
        if backdrop.superview === self, subviews.first !== backdrop { insertSubview(backdrop, at: 0) }
        applyEffect()
    }

    private static func describe(_ effect: VisualEffect) -> String {
        if let blur = effect as? BlurEffect { return "blur \(blur.style)" }
        if let vibrancy = effect as? VibrancyEffect { return "vibrancy \(vibrancy.style)" }
        return "\(type(of: effect))"
    }
}
