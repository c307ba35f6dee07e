/// A view that lays out a row or column of views through constraints: UIKit's
/// `UIStackView`. It makes and keeps the constraints of its arranged subviews as its
/// ``axis``, ``distribution``, ``alignment`` and spacing say; a hidden arranged subview
/// collapses to no length and no spacing.
open class StackView: View {
    /// How arranged subviews share the length along the axis: UIKit's
    /// `UIStackView.Distribution`.
    public enum Distribution: Int, Hashable, Sendable {
        /// The views fill the length; hugging and compression priorities decide who gives.
        case fill
        /// All views have the same length.
        case fillEqually
        /// Lengths in proportion to the views' intrinsic lengths.
        case fillProportionally
        /// Intrinsic lengths, with equal gaps between the views.
        case equalSpacing
        /// Intrinsic lengths, with equal distances between the views' centers.
        case equalCentering
    }

    /// How arranged subviews line up across the axis: UIKit's `UIStackView.Alignment`.
    public enum Alignment: Int, Hashable, Sendable {
        /// Stretch across the axis, or line up leading edges, first baselines, centers,
        /// trailing edges or last baselines.
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        /// For a horizontal stack: the top edges, as ``leading``.
        public static let top = Alignment.leading
        /// For a horizontal stack: the bottom edges, as ``trailing``.
        public static let bottom = Alignment.trailing
    }

    /// The spacing value that asks for the system spacing (8 points in Lifeloop).
    public static let spacingUseSystem: CGFloat = -.greatestFiniteMagnitude
    /// The custom spacing value that means "use ``spacing``".
    public static let spacingUseDefault: CGFloat = .greatestFiniteMagnitude

    /// The views the stack lays out, in order (each is also a subview).
    public private(set) var arrangedSubviews: [View] = []
    /// Row (horizontal) or column (vertical).
    open var axis: LayoutAxis = .horizontal { didSet { rebuild() } }
    /// How the views share the length along the axis.
    open var distribution: Distribution = .fill { didSet { rebuild() } }
    /// How the views line up across the axis.
    open var alignment: Alignment = .fill { didSet { rebuild() } }
    /// The gap between adjacent views (the least gap for the equal distributions).
    open var spacing: CGFloat = 0 { didSet { rebuild() } }
    /// Whether the views are laid out inside the stack's layout margins.
    open var isLayoutMarginsRelativeArrangement = false { didSet { rebuild() } }
    /// Whether vertical spacing is measured between baselines (data).
    open var isBaselineRelativeArrangement = false

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var made: [LayoutConstraint] = []
    private var spacers: [LayoutGuide] = []

    open override class var requiresConstraintBasedLayout: Bool { true }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Creates a stack of `views`.
    public convenience init(arrangedSubviews views: [View]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Adds `view` at the end of the arranged subviews (and as a subview if it is not one).
    open func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` among the arranged subviews at `index` (clamped).
    open func insertArrangedSubview(_ view: View, at index: Int) {
        guard onLoop("insertArrangedSubview(_:at:)") else { return }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.storedSuperview !== self { addSubview(view) }
        rebuild()
    }

    /// Takes `view` out of the arranged subviews; it stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: View) {
        guard onLoop("removeArrangedSubview(_:)"), arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        rebuild()
    }

    /// A gap after `arrangedSubview` other than ``spacing``.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: View) {
        guard onLoop("setCustomSpacing(_:after:)") else { return }
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == StackView.spacingUseDefault ? nil : spacing
        rebuild()
    }

    /// The gap after `arrangedSubview` (``spacingUseDefault`` when it has none of its own).
    open func customSpacing(after arrangedSubview: View) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? StackView.spacingUseDefault
    }

    open override func willRemoveSubview(_ subview: View) {
        // A removed subview leaves the arrangement too.
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            customSpacings[ObjectIdentifier(subview)] = nil
            rebuild(excluding: subview)
        }
    }

    func arrangedSubviewVisibilityChanged() { rebuild() }

    private func gap(after view: View) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == StackView.spacingUseSystem ? 8 : value
    }

    /// Replaces the stack's constraints with those of the current arrangement.
    private func rebuild(excluding leaving: View? = nil) {
        LayoutConstraint.deactivate(made)
        for guide in spacers { removeLayoutGuide(guide) }
        made = []
        spacers = []
        let views = arrangedSubviews.filter { $0 !== leaving && $0.storedSuperview === self }
        guard !views.isEmpty else { return }
        let horizontal = axis == .horizontal
        let margins = isLayoutMarginsRelativeArrangement
        typealias A = LayoutConstraint.Attribute
        let lead: A = horizontal ? .leading : .top, trail: A = horizontal ? .trailing : .bottom
        let length: A = horizontal ? .width : .height, crossLength: A = horizontal ? .height : .width
        let crossLead: A = horizontal ? .top : .leading, crossTrail: A = horizontal ? .bottom : .trailing
        let crossCenter: A = horizontal ? .centerY : .centerX, center: A = horizontal ? .centerX : .centerY
        func edge(_ attribute: A) -> A {
            guard margins else { return attribute }
            switch attribute {
            case .leading: return .leadingMargin
            case .trailing: return .trailingMargin
            case .top: return .topMargin
            case .bottom: return .bottomMargin
            case .centerX: return .centerXWithinMargins
            case .centerY: return .centerYWithinMargins
            default: return attribute
            }
        }
        func add(_ a: AnyObject, _ aa: A, _ relation: LayoutConstraint.Relation, _ b: AnyObject?, _ ba: A,
                 multiplier: CGFloat = 1, _ constant: CGFloat = 0, priority: LayoutPriority = .required) {
            let constraint = LayoutConstraint(label: "\(traceLabel).stack", item: a, attribute: aa, relatedBy: relation,
                                              toItem: b, attribute: ba, multiplier: multiplier, constant: constant)
            constraint.priority = priority
            constraint.origin = .stackView
            constraint.identifier = "UISV-\(traceLabel)"
            made.append(constraint)
        }

        let visible = views.filter { !$0.isHidden }
        // Hidden views collapse: no length, at the leading edge.
        for view in views where view.isHidden {
            add(view, length, .equal, nil, .notAnAttribute, 0)
            add(view, lead, .equal, self, edge(lead))
            add(view, crossLead, .equal, self, edge(crossLead))
        }
        if let first = visible.first, let last = visible.last {
            add(first, lead, .equal, self, edge(lead))
            add(last, trail, .equal, self, edge(trail))
            for (previous, next) in zip(visible, visible.dropFirst()) {
                let space = gap(after: previous)
                switch distribution {
                case .fill, .fillEqually, .fillProportionally:
                    add(next, lead, .equal, previous, trail, space)
                case .equalSpacing, .equalCentering:
                    add(next, lead, .greaterThanOrEqual, previous, trail, space)
                    let guide = LayoutGuide()
                    guide.identifier = "UISV-distributing"
                    addLayoutGuide(guide)
                    spacers.append(guide)
                    let (from, to): (A, A) = distribution == .equalSpacing ? (trail, lead) : (center, center)
                    add(guide, lead, .equal, previous, from)
                    add(guide, trail, .equal, next, to)
                    if spacers.count > 1 { add(guide, length, .equal, spacers[0], length) }
                }
            }
            if distribution == .fillEqually {
                for view in visible.dropFirst() { add(view, length, .equal, first, length) }
            }
            if distribution == .fillProportionally {
                let size = { (view: View) -> CGFloat in
                    let intrinsic = view.intrinsicContentSize
                    return horizontal ? intrinsic.width : intrinsic.height
                }
                let base = size(first)
                if base > 0 {
                    for view in visible.dropFirst() where size(view) > 0 {
                        add(view, length, .equal, first, length, multiplier: size(view) / base, priority: LayoutPriority(999))
                    }
                }
            }
        }
        // Across the axis.
        for view in visible {
            switch alignment {
            case .fill:
                add(view, crossLead, .equal, self, edge(crossLead))
                add(view, crossTrail, .equal, self, edge(crossTrail))
            case .leading:
                add(view, crossLead, .equal, self, edge(crossLead))
                add(view, crossTrail, .lessThanOrEqual, self, edge(crossTrail))
            case .trailing:
                add(view, crossTrail, .equal, self, edge(crossTrail))
                add(view, crossLead, .greaterThanOrEqual, self, edge(crossLead))
            case .center:
                add(view, crossCenter, .equal, self, edge(crossCenter))
                add(view, crossLead, .greaterThanOrEqual, self, edge(crossLead))
            case .firstBaseline, .lastBaseline:
                if horizontal, let first = visible.first, view !== first {
                    let baseline: A = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                    add(view, baseline, .equal, first, baseline)
                } else if !horizontal {
                    add(view, crossLead, .equal, self, edge(crossLead))
                }
                add(view, crossLead, .greaterThanOrEqual, self, edge(crossLead))
                add(view, crossTrail, .lessThanOrEqual, self, edge(crossTrail))
            }
            // The stack hugs its largest view across the axis, weakly.
            if alignment != .fill {
                add(self, edge(crossLength == .height ? .bottom : .trailing), .equal, view, crossTrail, priority: LayoutPriority(49))
                _ = crossLength
            }
        }
        LayoutConstraint.activate(made)
    }
}
