import Foundation

/// A rectangle in a tree of layers that draws a background, a border, a shadow, contents
/// and its sublayers: Core Animation's `CALayer`.
///
/// A layer stands alone (`CALayer()`, added with ``addSublayer(_:)``) or backs a view
/// (``View/layer``). A view's layer is its view seen as a layer: its `frame`, `bounds`,
/// `position`, `opacity`, `isHidden`, `backgroundColor`, `masksToBounds` and affine
/// `transform` read and write the view's `frame`, `bounds`, `center`, `alpha`,
/// `isHidden`, `backgroundColor`, `clipsToBounds` and `transform`.
///
/// Geometry is Core Animation's: `position` is where `anchorPoint` (in unit coordinates
/// of the bounds) lies in the superlayer, and `frame` is derived from `position`,
/// `anchorPoint`, `bounds` and `transform` (the bounding box of the transformed bounds).
///
/// Changes to a standalone layer that is in a layer tree animate implicitly (0.25 s,
/// see ``Transaction``); changes to a view's own layer do not, as in UIKit. Snapshots
/// draw the tree (see ``svgElements(for:idPrefix:)``).
///
/// - Warning: Like views, layers belong to the app whose loop thread made them.
open class Layer {
    /// The view this layer backs, if any (the view owns its layer; cleared when the
    /// view goes).
    unowned(unsafe) var owningView: View?
    // A superlayer owns its sublayers and clears this pointer when it lets one go or dies.
    unowned(unsafe) var storedSuperlayer: Layer?
    var storedSublayers: [Layer]?
    var storedBounds = CGRect.zero
    var storedPosition = CGPoint.zero
    var storedAnchorPoint = CGPoint(x: 0.5, y: 0.5)
    var storedOpacity: Float = 1
    var storedHidden = false
    var storedBackgroundColor: Color?
    var storedMasksToBounds = false
    var storedTransform = Transform3D.identity
    var storedZPosition: CGFloat = 0
    var storedCornerRadius: CGFloat = 0
    var storedBorderWidth: CGFloat = 0
    var storedBorderColor: Color? = .black
    var storedShadowColor: Color? = .black
    var storedShadowOpacity: Float = 0
    var storedShadowOffset = CGSize(width: 0, height: -3)
    var storedShadowRadius: CGFloat = 3
    /// The animations added, in the order they were added (later ones apply on top).
    var animationRecords: [LayerAnimationRecord] = []
    /// The frame client that ticks this layer's animations, while it has some. Weak: the
    /// display link owns the ticker (which keeps the layer alive while it animates); a
    /// strong reference back would keep both alive for good once the app ends mid-animation.
    weak var animationTicker: LayerAnimationTicker?
    /// The app whose loop made the layer.
    let appLink: AppLink?
    private var storedLabel: String?

    /// Makes a standalone layer with empty bounds at the origin.
    public required init() {
        appLink = ThreadContext.application?.link
    }

    /// Makes a layer copying `layer`'s properties (not its sublayers or animations):
    /// Core Animation's `init(layer:)`, which presentation layers are made with.
    public required init(layer: Any) {
        appLink = ThreadContext.application?.link
        if let other = layer as? Layer { copyProperties(from: other) }
    }

    /// NSCoding's `init(coder:)`, which Core Animation requires of every layer class: a
    /// plain layer (Lifeloop reads no archived layers). A subclass that adds its own
    /// initializer provides it too, as on iOS.
    public required init?(coder: NSCoder) {
        appLink = ThreadContext.application?.link
    }

    deinit {
        for sublayer in storedSublayers ?? [] where sublayer.storedSuperlayer === self {
            sublayer.storedSuperlayer = nil
        }
    }

    /// The app the layer belongs to.
    var app: Application? { owningView?.application ?? appLink?.app }

    /// The layer's name in the trace: its view's label and `.layer`, or `TypeName#n`.
    public var traceLabel: String {
        if let owningView { return owningView.traceLabel + ".layer" }
        if let storedLabel { return storedLabel }
        let made = app?.nextLabel(for: type(of: self)) ?? _typeName(type(of: self), qualified: false)
        storedLabel = made
        return made
    }

    /// A name to find the layer by.
    public var name: String?
    /// The layer's delegate (not retained).
    public weak var delegate: LayerDelegate?
    /// Actions by key: an `NSNull` value turns off the implicit animation of that key, a
    /// `CAAnimation` replaces it.
    public var actions: [String: Any]?
    /// The image the layer shows: an ``Image`` (or a `CGImage`, the same type here).
    /// Snapshots draw its name in a placeholder filling the bounds.
    public var contents: Any?
    /// How the contents fit the bounds (data: snapshots fill the bounds).
    public var contentsGravity: ContentsGravity = .resize
    /// The scale of the contents (data).
    public var contentsScale: CGFloat = 1
    /// Whether the layer is rendered as a bitmap (data).
    public var shouldRasterize = false
    /// The rasterization scale (data).
    public var rasterizationScale: CGFloat = 1
    /// Whether the layer is opaque (data).
    public var isOpaque = false
    /// The curve of rounded corners (data: snapshots draw circular corners).
    public var cornerCurve: CornerCurve = .circular
    /// Whether the layer is redrawn when its bounds change (data).
    public var needsDisplayOnBoundsChange = false
    /// Whether edges are antialiased (data).
    public var allowsEdgeAntialiasing = false
    /// Whether the layer's content is drawn as a group (data).
    public var allowsGroupOpacity = true
    /// Whether the back of the layer is drawn when it faces away (data).
    public var isDoubleSided = true
    /// The shadow's outline; nil uses the layer's shape.
    public var shadowPath: CGPath? { didSet { changed("shadowPath") } }
    /// A layer whose alpha masks this one's content and sublayers, in this layer's
    /// coordinates.
    public var mask: Layer?
    /// A transform applied to the sublayers (data: kept, not drawn).
    public var sublayerTransform = Transform3D.identity
    /// The filter used when the contents are drawn larger, as Core Animation's
    /// `magnificationFilter` (`.linear` by default; kept as data).
    public var magnificationFilter: ContentsFilter = .linear
    /// The filter used when the contents are drawn smaller, as Core Animation's
    /// `minificationFilter` (`.linear` by default; kept as data).
    public var minificationFilter: ContentsFilter = .linear

    // MARK: Tree

    /// The layer this one is a sublayer of. A view's layer answers its superview's layer.
    public var superlayer: Layer? {
        if let storedSuperlayer { return storedSuperlayer }
        return owningView?.superview?.layer
    }

    /// The sublayers, back to front (before ``zPosition`` orders them). A view's
    /// subviews' layers are not listed: Lifeloop keeps views and added layers apart, and
    /// draws the added layers above the view's own content and below its subviews.
    public var sublayers: [Layer]? {
        get { storedSublayers }
        set {
            for layer in storedSublayers ?? [] where layer.storedSuperlayer === self { layer.storedSuperlayer = nil }
            storedSublayers = nil
            for layer in newValue ?? [] { insert(layer, at: storedSublayers?.count ?? 0) }
        }
    }

    /// Appends `layer` to the sublayers (moving it from its current superlayer).
    public func addSublayer(_ layer: Layer) {
        insert(layer, at: storedSublayers?.count ?? 0)
    }

    /// Inserts `layer` at `index` of the sublayers; an index past the end appends (and is
    /// an `invalidArgument` diagnostic).
    public func insertSublayer(_ layer: Layer, at index: UInt32) {
        insert(layer, at: Int(index))
    }

    /// Inserts `layer` just below `sibling`; at the bottom when `sibling` is not a sublayer.
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        layer.removeFromSuperlayer()
        let index = storedSublayers?.firstIndex { $0 === sibling } ?? 0
        insert(layer, at: index)
    }

    /// Inserts `layer` just above `sibling`; at the top when `sibling` is not a sublayer.
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        layer.removeFromSuperlayer()
        let index = storedSublayers?.firstIndex { $0 === sibling }.map { $0 + 1 } ?? storedSublayers?.count ?? 0
        insert(layer, at: index)
    }

    /// Puts `newLayer` where `oldLayer` is among the sublayers.
    public func replaceSublayer(_ oldLayer: Layer, with newLayer: Layer) {
        guard let index = storedSublayers?.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insert(newLayer, at: index)
    }

    /// Takes the layer out of its superlayer's sublayers.
    public func removeFromSuperlayer() {
        guard let parent = storedSuperlayer else { return }
        storedSuperlayer = nil
        parent.storedSublayers?.removeAll { $0 === self }
    }

    private func insert(_ layer: Layer, at index: Int) {
        var ancestor: Layer? = self
        while let current = ancestor {
            if current === layer {
                app?.diagnose(.invalidHierarchy, label: layer.traceLabel,
                              message: "addSublayer: \(layer.traceLabel) would become its own sublayer")
                return
            }
            ancestor = current.superlayer
        }
        // Keep the layer alive while it moves.
        withExtendedLifetime(layer) {
            layer.removeFromSuperlayer()
            var list = storedSublayers ?? []
            var at = index
            if at > list.count {
                app?.diagnose(.invalidArgument, label: traceLabel,
                              message: "insertSublayer(_:at:): index \(index) is past the end (\(list.count)); appended")
                at = list.count
            }
            list.insert(layer, at: max(0, at))
            storedSublayers = list
            layer.storedSuperlayer = self
        }
    }

    /// The sublayers in drawing order: by ``zPosition``, then in list order.
    public var sublayersInDrawingOrder: [Layer] {
        let list = storedSublayers ?? []
        guard list.contains(where: { $0.zPosition != 0 }) else { return list }
        return list.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
    }

    // MARK: Geometry

    /// The layer's rectangle in its own coordinates.
    public var bounds: CGRect {
        get { owningView?.bounds ?? storedBounds }
        set {
            if let owningView {
                owningView.bounds = newValue
                return
            }
            changed("bounds", from: .rect(storedBounds))
            storedBounds = newValue
        }
    }

    /// Where the anchor point lies in the superlayer's coordinates.
    public var position: CGPoint {
        get {
            guard let owningView else { return storedPosition }
            let frame = owningView.frame
            return CGPoint(x: frame.minX + storedAnchorPoint.x * frame.width, y: frame.minY + storedAnchorPoint.y * frame.height)
        }
        set {
            if let owningView {
                var frame = owningView.frame
                frame.origin = CGPoint(x: newValue.x - storedAnchorPoint.x * frame.width, y: newValue.y - storedAnchorPoint.y * frame.height)
                owningView.frame = frame
                return
            }
            changed("position", from: .point(storedPosition))
            storedPosition = newValue
        }
    }

    /// The point of the bounds, in unit coordinates, that `position` places and
    /// transforms turn about; (0.5, 0.5) by default. Changing it keeps `position` and
    /// moves the frame, as in Core Animation.
    public var anchorPoint: CGPoint {
        get { storedAnchorPoint }
        set {
            if let owningView {
                let keep = position
                storedAnchorPoint = newValue
                var frame = owningView.frame
                frame.origin = CGPoint(x: keep.x - newValue.x * frame.width, y: keep.y - newValue.y * frame.height)
                owningView.frame = frame
                return
            }
            changed("anchorPoint", from: .point(storedAnchorPoint))
            storedAnchorPoint = newValue
        }
    }

    /// The layer's rectangle in its superlayer's coordinates, derived from `position`,
    /// `anchorPoint`, `bounds` and `transform`. Setting it sets `position` and the
    /// bounds' size (as if the transform were the identity, as Core Animation does).
    public var frame: CGRect {
        get {
            if let owningView { return owningView.frame }
            return Self.frame(bounds: storedBounds, position: storedPosition, anchorPoint: storedAnchorPoint, transform: storedTransform)
        }
        set {
            if let owningView {
                owningView.frame = newValue
                return
            }
            let r = newValue.standardized
            position = CGPoint(x: r.minX + storedAnchorPoint.x * r.width, y: r.minY + storedAnchorPoint.y * r.height)
            bounds = CGRect(origin: storedBounds.origin, size: r.size)
        }
    }

    /// The frame Core Animation derives from the geometry.
    static func frame(bounds: CGRect, position: CGPoint, anchorPoint: CGPoint, transform: Transform3D) -> CGRect {
        let size = bounds.size
        let local = CGRect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height, width: size.width, height: size.height)
        let moved = transform.isIdentity ? local : local.applying(transform.affine)
        return moved.offsetBy(dx: position.x, dy: position.y)
    }

    /// The distance from the viewer: sublayers with a higher one draw above the others.
    public var zPosition: CGFloat {
        get { storedZPosition }
        set { changed("zPosition", from: .number(Double(storedZPosition))); storedZPosition = newValue }
    }

    /// The layer's transform, about its anchor point. A view's layer has its view's
    /// (affine) transform.
    public var transform: Transform3D {
        get {
            if let owningView { return Transform3D(owningView.transform) }
            return storedTransform
        }
        set {
            if let owningView {
                owningView.transform = newValue.affine
                return
            }
            changed("transform", from: .transform(storedTransform))
            storedTransform = newValue
        }
    }

    /// The transform's affine part.
    public func affineTransform() -> CGAffineTransform { transform.affine }

    /// Sets the transform from an affine transform.
    public func setAffineTransform(_ t: CGAffineTransform) { transform = Transform3D(t) }

    // MARK: Appearance

    /// The opacity, 0 to 1: a view's alpha.
    public var opacity: Float {
        get {
            if let owningView { return Float(owningView.alpha) }
            return storedOpacity
        }
        set {
            if let owningView {
                owningView.alpha = CGFloat(newValue)
                return
            }
            changed("opacity", from: .number(Double(storedOpacity)))
            storedOpacity = newValue
        }
    }

    /// Whether the layer (and its sublayers) is left out of drawing: a view's `isHidden`.
    public var isHidden: Bool {
        get { owningView?.isHidden ?? storedHidden }
        set {
            if let owningView {
                owningView.isHidden = newValue
                return
            }
            changed("hidden")
            storedHidden = newValue
        }
    }

    /// The background color, filling the bounds with rounded corners: a view's.
    public var backgroundColor: Color? {
        get {
            if let owningView { return owningView.backgroundColor }
            return storedBackgroundColor
        }
        set {
            if let owningView {
                owningView.backgroundColor = newValue
                return
            }
            changed("backgroundColor", from: .color(storedBackgroundColor))
            storedBackgroundColor = newValue
        }
    }

    /// Whether contents and sublayers are clipped to the rounded bounds: a view's
    /// `clipsToBounds`.
    public var masksToBounds: Bool {
        get { owningView?.clipsToBounds ?? storedMasksToBounds }
        set {
            if let owningView {
                owningView.clipsToBounds = newValue
                return
            }
            storedMasksToBounds = newValue
        }
    }

    /// The radius of the rounded corners of the background and border (and of the clip
    /// with ``masksToBounds``).
    open var cornerRadius: CGFloat {
        get { storedCornerRadius }
        set { changed("cornerRadius", from: .number(Double(storedCornerRadius))); storedCornerRadius = newValue }
    }

    /// Which corners ``cornerRadius`` rounds (all by default).
    public var maskedCorners: CornerMask = .all

    /// The border's width, drawn inside the bounds above the sublayers.
    public var borderWidth: CGFloat {
        get { storedBorderWidth }
        set { changed("borderWidth", from: .number(Double(storedBorderWidth))); storedBorderWidth = newValue }
    }

    /// The border's color (opaque black by default, as in Core Animation).
    public var borderColor: Color? {
        get { storedBorderColor }
        set { changed("borderColor", from: .color(storedBorderColor)); storedBorderColor = newValue }
    }

    /// The shadow's color (opaque black by default).
    public var shadowColor: Color? {
        get { storedShadowColor }
        set { changed("shadowColor", from: .color(storedShadowColor)); storedShadowColor = newValue }
    }

    /// The shadow's opacity, 0 (none, the default) to 1.
    public var shadowOpacity: Float {
        get { storedShadowOpacity }
        set { changed("shadowOpacity", from: .number(Double(storedShadowOpacity))); storedShadowOpacity = newValue }
    }

    /// The shadow's offset ((0, -3) by default, as in Core Animation).
    public var shadowOffset: CGSize {
        get { storedShadowOffset }
        set { changed("shadowOffset", from: .size(storedShadowOffset)); storedShadowOffset = newValue }
    }

    /// The shadow's blur radius (3 by default).
    public var shadowRadius: CGFloat {
        get { storedShadowRadius }
        set { changed("shadowRadius", from: .number(Double(storedShadowRadius))); storedShadowRadius = newValue }
    }

    // MARK: Display

    /// Marks the layer for redrawing (data: layers draw from their properties).
    open func setNeedsDisplay() {}

    /// Marks the layer for layout of its sublayers (data).
    open func setNeedsLayout() {}

    /// Lays out the sublayers now; calls ``layoutSublayers()``.
    open func layoutIfNeeded() { layoutSublayers() }

    /// Override to lay out sublayers; the default asks the delegate.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Override to draw the layer's content (data: snapshots draw the properties).
    open func draw(in ctx: CGContext) {}

    /// The default value of a property, as Core Animation's `defaultValue(forKey:)`.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    // MARK: Copying for presentation

    /// Copies the drawn properties of `other` (not the tree or the animations).
    func copyProperties(from other: Layer) {
        storedBounds = other.bounds
        storedPosition = other.position
        storedAnchorPoint = other.storedAnchorPoint
        storedOpacity = other.opacity
        storedHidden = other.isHidden
        storedBackgroundColor = other.backgroundColor
        storedMasksToBounds = other.masksToBounds
        storedTransform = other.transform
        storedZPosition = other.storedZPosition
        storedCornerRadius = other.storedCornerRadius
        storedBorderWidth = other.storedBorderWidth
        storedBorderColor = other.storedBorderColor
        storedShadowColor = other.storedShadowColor
        storedShadowOpacity = other.storedShadowOpacity
        storedShadowOffset = other.storedShadowOffset
        storedShadowRadius = other.storedShadowRadius
        maskedCorners = other.maskedCorners
        shadowPath = other.shadowPath
        contents = other.contents
        name = other.name
        mask = other.mask
    }

    // MARK: Values by key

    /// The value of an animatable property by key path (`"position"`, `"position.x"`,
    /// `"bounds.size.width"`, `"transform.scale"`, `"transform.rotation.z"`, ...), as
    /// Key-Value Coding reads it; nil for a key the layer does not have.
    open func value(forKeyPath keyPath: String) -> Any? {
        layerValue(forKeyPath: keyPath)?.anyValue
    }

    /// Sets an animatable property by key path (see ``value(forKeyPath:)``); a value of
    /// the wrong type or an unknown key changes nothing.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let converted = LayerValue(value) else { return }
        setLayerValue(converted, forKeyPath: keyPath)
    }

    /// The value of a key (the first component of a key path).
    func layerValue(forKey key: String) -> LayerValue? {
        switch key {
        case "position": .point(position)
        case "bounds": .rect(bounds)
        case "frame": .rect(frame)
        case "anchorPoint": .point(anchorPoint)
        case "opacity": .number(Double(opacity))
        case "transform": .transform(transform)
        case "backgroundColor": .color(backgroundColor)
        case "cornerRadius": .number(Double(cornerRadius))
        case "borderWidth": .number(Double(borderWidth))
        case "borderColor": .color(borderColor)
        case "shadowColor": .color(shadowColor)
        case "shadowOpacity": .number(Double(shadowOpacity))
        case "shadowOffset": .size(shadowOffset)
        case "shadowRadius": .number(Double(shadowRadius))
        case "zPosition": .number(Double(zPosition))
        case "hidden", "isHidden": .other(isHidden)
        case "contents": .other(contents)
        default: nil
        }
    }

    /// Sets a key's value (the first component of a key path), bypassing implicit
    /// animations when `animated` is false.
    func setLayerValue(_ value: LayerValue, forKey key: String) {
        switch (key, value) {
        case ("position", .point(let p)): position = p
        case ("bounds", .rect(let r)): bounds = r
        case ("frame", .rect(let r)): frame = r
        case ("anchorPoint", .point(let p)): anchorPoint = p
        case ("opacity", .number(let n)): opacity = Float(n)
        case ("transform", .transform(let t)): transform = t
        case ("backgroundColor", .color(let c)): backgroundColor = c
        case ("cornerRadius", .number(let n)): cornerRadius = CGFloat(n)
        case ("borderWidth", .number(let n)): borderWidth = CGFloat(n)
        case ("borderColor", .color(let c)): borderColor = c
        case ("shadowColor", .color(let c)): shadowColor = c
        case ("shadowOpacity", .number(let n)): shadowOpacity = Float(n)
        case ("shadowOffset", .size(let s)): shadowOffset = s
        case ("shadowRadius", .number(let n)): shadowRadius = CGFloat(n)
        case ("zPosition", .number(let n)): zPosition = CGFloat(n)
        case ("hidden", .other(let b as Bool)), ("isHidden", .other(let b as Bool)): isHidden = b
        case ("contents", .other(let c)): contents = c
        default: break
        }
    }

    func layerValue(forKeyPath keyPath: String) -> LayerValue? {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard let base = layerValue(forKey: parts[0]) else { return nil }
        guard parts.count == 2 else { return base }
        return base.component(parts[1])
    }

    func setLayerValue(_ value: LayerValue, forKeyPath keyPath: String) {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            setLayerValue(value, forKey: keyPath)
            return
        }
        guard let base = layerValue(forKey: parts[0]), let updated = base.settingComponent(parts[1], to: value) else { return }
        setLayerValue(updated, forKey: parts[0])
    }

    // MARK: Implicit animations

    /// Called before a standalone layer's animatable property changes: starts its
    /// implicit animation when the layer is in a tree and actions are on.
    func changed(_ key: String, from old: LayerValue? = nil) {
        guard owningView == nil, let old, let app, app.coreAnimation.suppressImplicit == 0 else { return }
        app.coreAnimation.implicitChange(of: self, key: key, from: old)
    }
}

/// What a layer's delegate can answer: Core Animation's `CALayerDelegate`.
public protocol LayerDelegate: AnyObject {
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: Layer)
    /// The action for a key: nil for the default, `NSNull` for none.
    func action(for layer: Layer, forKey event: String) -> Any?
    /// Draws the layer's content.
    func draw(_ layer: Layer, in ctx: CGContext)
}

extension LayerDelegate {
    public func layoutSublayers(of layer: Layer) {}
    public func action(for layer: Layer, forKey event: String) -> Any? { nil }
    public func draw(_ layer: Layer, in ctx: CGContext) {}
}

/// The corners a layer rounds: Core Animation's `CACornerMask`.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at minimum x and minimum y (top left in a view's coordinates).
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
    /// The corner at maximum x and minimum y (top right in a view's coordinates).
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
    /// The corner at minimum x and maximum y (bottom left in a view's coordinates).
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
    /// The corner at maximum x and maximum y (bottom right in a view's coordinates).
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    /// All four corners.
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner,
                                         .layerMaxXMaxYCorner]
}

/// How a layer's contents fit its bounds: Core Animation's `CALayerContentsGravity`.
public struct ContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Centered, not scaled.
    public static let center = ContentsGravity(rawValue: "center")
    /// Centered at the top edge, not scaled.
    public static let top = ContentsGravity(rawValue: "top")
    /// Centered at the bottom edge, not scaled.
    public static let bottom = ContentsGravity(rawValue: "bottom")
    /// Centered at the left edge, not scaled.
    public static let left = ContentsGravity(rawValue: "left")
    /// Centered at the right edge, not scaled.
    public static let right = ContentsGravity(rawValue: "right")
    /// In the top-left corner, not scaled.
    public static let topLeft = ContentsGravity(rawValue: "topLeft")
    /// In the top-right corner, not scaled.
    public static let topRight = ContentsGravity(rawValue: "topRight")
    /// In the bottom-left corner, not scaled.
    public static let bottomLeft = ContentsGravity(rawValue: "bottomLeft")
    /// In the bottom-right corner, not scaled.
    public static let bottomRight = ContentsGravity(rawValue: "bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = ContentsGravity(rawValue: "resize")
    /// Scaled to fit the bounds, keeping the aspect ratio.
    public static let resizeAspect = ContentsGravity(rawValue: "resizeAspect")
    /// Scaled to fill the bounds, keeping the aspect ratio (may be cropped).
    public static let resizeAspectFill = ContentsGravity(rawValue: "resizeAspectFill")
}

/// The curve of a layer's rounded corners: Core Animation's `CALayerCornerCurve`.
public struct CornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles.
    public static let circular = CornerCurve(rawValue: "circular")
    /// Apple's continuous curve (drawn as circular).
    public static let continuous = CornerCurve(rawValue: "continuous")
}
