/// How a dynamic color looks outside its light appearance: a dark variant (UIKit's system
/// colors) or an app's provider (`init(dynamicProvider:)`).
final class ColorAppearance: Hashable, Sendable {
    enum Kind: Sendable {
        case dark(Color)
        case provider(@Sendable (TraitCollection) -> Color)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// Variants compare by value; providers by identity, since closures cannot be compared
    /// (two colors made from one provider call are the same color, as in UIKit).
    static func == (lhs: ColorAppearance, rhs: ColorAppearance) -> Bool {
        if lhs === rhs { return true }
        if case .dark(let left) = lhs.kind, case .dark(let right) = rhs.kind { return left == right }
        return false
    }

    func hash(into hasher: inout Hasher) {
        switch kind {
        case .dark(let dark): hasher.combine(dark)
        case .provider: hasher.combine(ObjectIdentifier(self))
        }
    }
}

extension Color {
    /// A color that is `light` in the light appearance and `dark` in the dark one.
    static func dynamic(light: Color, dark: Color) -> Color {
        var color = light.plain
        color.appearance = ColorAppearance(.dark(dark.plain))
        return color
    }

    /// UIKit's `init(dynamicProvider:)`: a color that asks `dynamicProvider` for its look
    /// each time it is resolved against a trait collection (``resolvedColor(with:)``, and
    /// when a view draws it). Its components are what the provider gives for the light
    /// appearance.
    public init(dynamicProvider: @escaping @Sendable (TraitCollection) -> Color) {
        self = dynamicProvider(TraitCollection.current).resolvedColor(with: .current).plain
        appearance = ColorAppearance(.provider(dynamicProvider))
    }

    /// The plain color this one is in the appearance of `traitCollection`: UIKit's
    /// `resolvedColor(with:)`. A plain color resolves to itself; an unspecified style
    /// resolves as light, as UIKit's system colors do.
    public func resolvedColor(with traitCollection: TraitCollection) -> Color {
        guard let appearance else { return self }
        switch appearance.kind {
        case .dark(let dark):
            return traitCollection.userInterfaceStyle == .dark ? dark : plain
        case .provider(let provider):
            let given = provider(traitCollection)
            // A provider that hands back its own color would resolve forever: it gets the
            // components it was made with.
            if given.appearance === appearance { return given.plain }
            return given.resolvedColor(with: traitCollection)
        }
    }

    /// Whether the color looks different in another appearance (a system color or one
    /// from a provider).
    public var isDynamic: Bool { appearance != nil }

    /// The color in `view`'s appearance (its own trait collection): what the view draws.
    public func resolved(for view: View) -> Color { view.resolved(self) }

    /// The components alone, without the other appearances.
    var plain: Color {
        var color = self
        color.appearance = nil
        return color
    }

    /// The same color at another opacity, in every appearance.
    func withAlpha(_ alpha: Double) -> Color {
        guard let appearance else { return Color(red: red, green: green, blue: blue, alpha: alpha) }
        switch appearance.kind {
        case .dark(let dark):
            return .dynamic(light: plain.withAlpha(alpha), dark: dark.withAlpha(alpha))
        case .provider(let provider):
            return Color(dynamicProvider: { provider($0).withAlpha(alpha) })
        }
    }
}
