/// How a view's tint shows: UIKit's `UIView.TintAdjustmentMode`.
public enum TintAdjustmentMode: Int, Hashable, Sendable {
    /// The superview's mode (normal at the top).
    case automatic
    /// The tint as it is.
    case normal
    /// The tint desaturated, as UIKit dims it behind an alert.
    case dimmed
}

extension View {
    /// The tint adjustment: when set to `.automatic`, reading gives the superview's
    /// (`.normal` at the top), as UIKit's does. Setting it calls `tintColorDidChange()`
    /// on the view and on each subview that follows it.
    public var tintAdjustmentMode: TintAdjustmentMode {
        get {
            let own = extras?.tintAdjustmentMode ?? .automatic
            guard own == .automatic else { return own }
            return superview?.tintAdjustmentMode ?? .normal
        }
        set {
            guard onLoop("tintAdjustmentMode") else { return }
            let before = tintAdjustmentMode
            makeExtras().tintAdjustmentMode = newValue
            if tintAdjustmentMode != before { tellTintChanged() }
        }
    }

    private func tellTintChanged() {
        tintColorDidChange()
        for subview in subviews where (subview.extras?.tintAdjustmentMode ?? .automatic) == .automatic {
            subview.tellTintChanged()
        }
    }
}

extension Color {
    /// Reads hue, saturation, brightness and alpha (0 to 1) into the pointers given, as
    /// UIKit's `getHue(_:saturation:brightness:alpha:)`; a nil pointer is skipped.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let (r, g, b) = (red, green, blue)
        let maximum = max(r, g, b), minimum = min(r, g, b), range = maximum - minimum
        var h = 0.0
        if range > 0 {
            if maximum == r { h = (g - b) / range } else if maximum == g { h = 2 + (b - r) / range } else { h = 4 + (r - g) / range }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = CGFloat(h)
        saturation?.pointee = CGFloat(maximum > 0 ? range / maximum : 0)
        brightness?.pointee = CGFloat(maximum)
        alpha?.pointee = CGFloat(self.alpha)
        return true
    }
}
