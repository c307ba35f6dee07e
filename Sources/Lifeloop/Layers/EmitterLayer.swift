import Foundation

/// A particle emitter: Core Animation's `CAEmitterLayer`.
///
/// Every property is kept, so code that sets up confetti, snow or sparkles runs as
/// written; no particle is simulated or drawn (particles are random by design, and
/// Lifeloop's pictures are deterministic). The layer itself draws as any layer does
/// (background, border, sublayers).
open class EmitterLayer: Layer {
    /// The shape particles are emitted from: Core Animation's `CAEmitterLayerEmitterShape`.
    public struct Shape: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A point (the default).
        public static let point = Shape(rawValue: "point")
        /// A line along the x axis.
        public static let line = Shape(rawValue: "line")
        /// A rectangle.
        public static let rectangle = Shape(rawValue: "rectangle")
        /// A cuboid.
        public static let cuboid = Shape(rawValue: "cuboid")
        /// A circle.
        public static let circle = Shape(rawValue: "circle")
        /// A sphere.
        public static let sphere = Shape(rawValue: "sphere")
    }

    /// Where on the shape particles are emitted: Core Animation's `CAEmitterLayerEmitterMode`.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// At points (the default).
        public static let points = Mode(rawValue: "points")
        /// On the outline.
        public static let outline = Mode(rawValue: "outline")
        /// On the surface.
        public static let surface = Mode(rawValue: "surface")
        /// In the volume.
        public static let volume = Mode(rawValue: "volume")
    }

    /// How particles are composited: Core Animation's `CAEmitterLayerRenderMode`.
    public struct RenderMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Without order (the default).
        public static let unordered = RenderMode(rawValue: "unordered")
        /// Oldest first.
        public static let oldestFirst = RenderMode(rawValue: "oldestFirst")
        /// Oldest last.
        public static let oldestLast = RenderMode(rawValue: "oldestLast")
        /// Back to front.
        public static let backToFront = RenderMode(rawValue: "backToFront")
        /// Added together.
        public static let additive = RenderMode(rawValue: "additive")
    }

    /// The cells that describe the particles.
    public var emitterCells: [EmitterCell]?
    /// The emitter's center, in the layer's coordinates.
    public var emitterPosition: CGPoint = .zero
    /// The emitter's depth position.
    public var emitterZPosition: CGFloat = 0
    /// The emitter shape's size.
    public var emitterSize: CGSize = .zero
    /// The emitter shape's depth.
    public var emitterDepth: CGFloat = 0
    /// The emitter's shape.
    public var emitterShape: Shape = .point
    /// Where on the shape particles start.
    public var emitterMode: Mode = .points
    /// How particles are composited.
    public var renderMode: RenderMode = .unordered
    /// Whether particles are flattened into the layer's plane.
    public var preservesDepth = false
    /// A factor on every cell's birth rate (0 stops emission).
    public var birthRate: Float = 1
    /// A factor on every cell's lifetime.
    public var lifetime: Float = 1
    /// A factor on every cell's velocity.
    public var velocity: Float = 1
    /// A factor on every cell's scale.
    public var scale: Float = 1
    /// A factor on every cell's spin.
    public var spin: Float = 1
    /// The seed of the particles' random numbers.
    public var seed: UInt32 = 0

    public required init() { super.init() }
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? EmitterLayer {
            emitterCells = other.emitterCells
            emitterPosition = other.emitterPosition
            emitterZPosition = other.emitterZPosition
            emitterSize = other.emitterSize
            emitterDepth = other.emitterDepth
            emitterShape = other.emitterShape
            emitterMode = other.emitterMode
            renderMode = other.renderMode
            preservesDepth = other.preservesDepth
            birthRate = other.birthRate
            lifetime = other.lifetime
            velocity = other.velocity
            scale = other.scale
            spin = other.spin
            seed = other.seed
        }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// One kind of particle of an ``EmitterLayer``: Core Animation's `CAEmitterCell`. Kept as
/// data: no particle is drawn.
open class EmitterCell {
    /// The cell's name.
    public var name: String?
    /// Whether the cell emits.
    public var isEnabled = true
    /// Particles made per second.
    public var birthRate: Float = 0
    /// A particle's lifetime in seconds.
    public var lifetime: Float = 0
    /// How much a particle's lifetime varies.
    public var lifetimeRange: Float = 0
    /// A particle's initial speed.
    public var velocity: CGFloat = 0
    /// How much a particle's speed varies.
    public var velocityRange: CGFloat = 0
    /// Acceleration along x.
    public var xAcceleration: CGFloat = 0
    /// Acceleration along y.
    public var yAcceleration: CGFloat = 0
    /// Acceleration along z.
    public var zAcceleration: CGFloat = 0
    /// The direction of emission in the xy plane, in radians.
    public var emissionLongitude: CGFloat = 0
    /// The direction of emission out of the xy plane, in radians.
    public var emissionLatitude: CGFloat = 0
    /// The cone of emission, in radians.
    public var emissionRange: CGFloat = 0
    /// The particle's scale.
    public var scale: CGFloat = 1
    /// How much the scale varies.
    public var scaleRange: CGFloat = 0
    /// How fast the scale changes per second.
    public var scaleSpeed: CGFloat = 0
    /// Rotation speed in radians per second.
    public var spin: CGFloat = 0
    /// How much the spin varies.
    public var spinRange: CGFloat = 0
    /// The particle's color.
    public var color: Color?
    /// How much red varies.
    public var redRange: Float = 0
    /// How much green varies.
    public var greenRange: Float = 0
    /// How much blue varies.
    public var blueRange: Float = 0
    /// How much alpha varies.
    public var alphaRange: Float = 0
    /// How fast red changes per second.
    public var redSpeed: Float = 0
    /// How fast green changes per second.
    public var greenSpeed: Float = 0
    /// How fast blue changes per second.
    public var blueSpeed: Float = 0
    /// How fast alpha changes per second.
    public var alphaSpeed: Float = 0
    /// The particle's image (a `CGImage`).
    public var contents: Any?
    /// The part of ``contents`` drawn, in unit coordinates.
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The scale of ``contents``.
    public var contentsScale: CGFloat = 1
    /// The cells the particle itself emits.
    public var emitterCells: [EmitterCell]?
    /// The delay before the cell starts emitting, in seconds.
    public var beginTime: Double = 0
    /// How long the cell emits, in seconds.
    public var duration: Double = 0
    /// The cell's own speed of time.
    public var speed: Float = 1

    /// Makes a cell that emits nothing until its birth rate and lifetime are set.
    public init() {}
}

extension NSIndexPath {
    /// An index path for a row of a table's section: UIKit's `NSIndexPath(row:section:)`.
    public convenience init(row: Int, section: Int) {
        self.init(indexes: [section, row], length: 2)
    }

    /// An index path for an item of a collection's section: UIKit's `NSIndexPath(item:section:)`.
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    /// The section: the first index.
    public var section: Int { index(atPosition: 0) }
    /// The row in the section: the second index.
    public var row: Int { index(atPosition: 1) }
    /// The item in the section: the second index.
    public var item: Int { index(atPosition: 1) }
}
