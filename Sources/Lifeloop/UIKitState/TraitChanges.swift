/// A trait an app can watch with `registerForTraitChanges`: UIKit's `UITraitDefinition`.
public protocol TraitDefinition {
    /// Whether this trait differs between two collections.
    static func differs(_ old: TraitCollection, _ new: TraitCollection) -> Bool
}

/// The horizontal size class trait (UIKit's `UITraitHorizontalSizeClass`).
public enum HorizontalSizeClassTrait: TraitDefinition {
    public static func differs(_ old: TraitCollection, _ new: TraitCollection) -> Bool {
        old.horizontalSizeClass != new.horizontalSizeClass
    }
}

/// The vertical size class trait (UIKit's `UITraitVerticalSizeClass`).
public enum VerticalSizeClassTrait: TraitDefinition {
    public static func differs(_ old: TraitCollection, _ new: TraitCollection) -> Bool {
        old.verticalSizeClass != new.verticalSizeClass
    }
}

/// The appearance trait (UIKit's `UITraitUserInterfaceStyle`).
public enum UserInterfaceStyleTrait: TraitDefinition {
    public static func differs(_ old: TraitCollection, _ new: TraitCollection) -> Bool {
        old.userInterfaceStyle != new.userInterfaceStyle
    }
}

/// The Dynamic Type text size trait (UIKit's `UITraitPreferredContentSizeCategory`).
public enum PreferredContentSizeCategoryTrait: TraitDefinition {
    public static func differs(_ old: TraitCollection, _ new: TraitCollection) -> Bool {
        old.preferredContentSizeCategory != new.preferredContentSizeCategory
    }
}

/// The display scale trait (UIKit's `UITraitDisplayScale`).
public enum DisplayScaleTrait: TraitDefinition {
    public static func differs(_ old: TraitCollection, _ new: TraitCollection) -> Bool {
        old.displayScale != new.displayScale
    }
}

/// What `registerForTraitChanges` returns: pass it to `unregisterForTraitChanges`.
public final class TraitChangeRegistration {
    let traits: [any TraitDefinition.Type]
    let handler: (TraitCollection, TraitCollection) -> Void

    init(traits: [any TraitDefinition.Type], handler: @escaping (TraitCollection, TraitCollection) -> Void) {
        self.traits = traits
        self.handler = handler
    }

    /// Runs the handler if one of its traits changed from `old` to `new`.
    func notify(from old: TraitCollection, to new: TraitCollection) {
        if traits.contains(where: { $0.differs(old, new) }) { handler(old, new) }
    }
}

/// Something with traits that can be watched: UIKit's `UITraitEnvironment` (controllers
/// and views).
public protocol TraitEnvironment: AnyObject {
    /// The traits in force now.
    var traitCollection: TraitCollection { get }
    /// Keeps a registration; runs it on every later trait change.
    func addTraitRegistration(_ registration: TraitChangeRegistration)
    /// Drops a registration.
    func unregisterForTraitChanges(_ registration: TraitChangeRegistration)
}

extension TraitEnvironment {
    /// Calls `handler` with the object and the previous traits whenever one of `traits`
    /// changes (iOS 17's replacement for overriding `traitCollectionDidChange`). The
    /// object is held weakly.
    @discardableResult
    public func registerForTraitChanges(_ traits: [any TraitDefinition.Type],
                                        handler: @escaping (Self, TraitCollection) -> Void) -> TraitChangeRegistration {
        let registration = TraitChangeRegistration(traits: traits) { [weak self] old, _ in
            if let self { handler(self, old) }
        }
        addTraitRegistration(registration)
        return registration
    }
}

extension ViewController: TraitEnvironment {
    public func addTraitRegistration(_ registration: TraitChangeRegistration) {
        guard onLoop("registerForTraitChanges(_:handler:)") else { return }
        traitRegistrations.append(registration)
    }

    public func unregisterForTraitChanges(_ registration: TraitChangeRegistration) {
        guard onLoop("unregisterForTraitChanges(_:)") else { return }
        traitRegistrations.removeAll { $0 === registration }
    }

    /// `traitCollectionDidChange`, then the registrations.
    func traitsDidChange(from old: TraitCollection) {
        traitCollectionDidChange(old)
        let new = traitCollection
        for registration in traitRegistrations { registration.notify(from: old, to: new) }
    }
}

extension View: TraitEnvironment {
    public func addTraitRegistration(_ registration: TraitChangeRegistration) {
        guard onLoop("registerForTraitChanges(_:handler:)") else { return }
        makeExtras().traitRegistrations.append(registration)
    }

    public func unregisterForTraitChanges(_ registration: TraitChangeRegistration) {
        guard onLoop("unregisterForTraitChanges(_:)") else { return }
        extras?.traitRegistrations.removeAll { $0 === registration }
    }

    /// The view's own adaptation (a Dynamic Type font, dynamic colors redrawn), then
    /// `traitCollectionDidChange`, then the registrations.
    func traitsDidChange(from old: TraitCollection) {
        adaptToTraits(from: old, to: traitCollection)
        traitCollectionDidChange(old)
        guard let registrations = extras?.traitRegistrations, !registrations.isEmpty else { return }
        let new = traitCollection
        for registration in registrations { registration.notify(from: old, to: new) }
    }
}
