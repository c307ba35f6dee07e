/// UIKit's autoresizing rule for one axis: the change in the superview's length is shared
/// among the flexible parts (leading margin, length, trailing margin) in proportion to
/// their current lengths, or equally when those are all zero; fixed parts keep their
/// length.
func autoresize(origin: Double, length: Double, oldContainer: Double, newContainer: Double,
                flexibleLeading: Bool, flexibleLength: Bool, flexibleTrailing: Bool) -> (origin: Double, length: Double) {
    let delta = newContainer - oldContainer
    guard delta != 0, flexibleLeading || flexibleLength || flexibleTrailing else { return (origin, length) }
    let trailing = oldContainer - origin - length
    let parts = [flexibleLeading ? max(0, origin) : 0, flexibleLength ? max(0, length) : 0,
                 flexibleTrailing ? max(0, trailing) : 0]
    let flexibleCount = Double([flexibleLeading, flexibleLength, flexibleTrailing].filter { $0 }.count)
    let total = parts.reduce(0, +)
    func share(_ index: Int, _ flexible: Bool) -> Double {
        guard flexible else { return 0 }
        return total > 0 ? delta * parts[index] / total : delta / flexibleCount
    }
    return (origin + share(0, flexibleLeading), max(0, length + share(1, flexibleLength)))
}

extension Rect {
    /// This frame after its superview's bounds size changed from `old` to `new`.
    func autoresized(with mask: AutoresizingMask, from old: Size, to new: Size) -> Rect {
        let horizontal = autoresize(origin: minX, length: width, oldContainer: old.width, newContainer: new.width,
                                    flexibleLeading: mask.contains(.flexibleLeftMargin),
                                    flexibleLength: mask.contains(.flexibleWidth),
                                    flexibleTrailing: mask.contains(.flexibleRightMargin))
        let vertical = autoresize(origin: minY, length: height, oldContainer: old.height, newContainer: new.height,
                                  flexibleLeading: mask.contains(.flexibleTopMargin),
                                  flexibleLength: mask.contains(.flexibleHeight),
                                  flexibleTrailing: mask.contains(.flexibleBottomMargin))
        return Rect(x: horizontal.origin, y: vertical.origin, width: horizontal.length, height: vertical.length)
    }
}
