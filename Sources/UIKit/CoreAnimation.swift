// Core Animation's names (`CA…`, `CATransform3D…` functions, `CACurrentMediaTime`) for
// Lifeloop's layers, animations, transactions and display links.

public typealias CAShapeLayer = ShapeLayer
public typealias CAGradientLayer = GradientLayer
public typealias CATextLayer = TextLayer
public typealias CALayerDelegate = LayerDelegate
public typealias CALayerContentsGravity = ContentsGravity
public typealias CALayerCornerCurve = CornerCurve
public typealias CAShapeLayerLineCap = ShapeLayer.LineCap
public typealias CAShapeLayerLineJoin = ShapeLayer.LineJoin
public typealias CAShapeLayerFillRule = ShapeLayer.FillRule
public typealias CAGradientLayerType = GradientLayer.GradientType
public typealias CATextLayerAlignmentMode = TextLayer.AlignmentMode
public typealias CATransform3D = Transform3D
public typealias CAAnimation = LayerAnimation
public typealias CAPropertyAnimation = PropertyLayerAnimation
public typealias CABasicAnimation = BasicAnimation
public typealias CASpringAnimation = SpringAnimation
public typealias CAKeyframeAnimation = KeyframeAnimation
public typealias CAAnimationGroup = LayerAnimationGroup
public typealias CAAnimationDelegate = AnimationDelegate
public typealias CAAnimationCalculationMode = KeyframeAnimation.CalculationMode
public typealias CAAnimationRotationMode = KeyframeAnimation.RotationMode
public typealias CAMediaTimingFunction = MediaTimingFunction
public typealias CAMediaTimingFunctionName = MediaTimingFunction.Name
public typealias CAMediaTimingFillMode = FillMode
public typealias CATransaction = Transaction
public typealias CGImage = Image
public typealias CFTimeInterval = Double

extension Image {
    /// The image as Core Graphics takes it (the same value: `CGImage` is `UIImage` here).
    public var cgImage: Image? { self }
}

/// The app's loop clock in seconds (virtual in tests).
public func CACurrentMediaTime() -> CFTimeInterval { Layer.currentMediaTime() }

/// The identity transform.
public let CATransform3DIdentity = Transform3D.identity

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    Transform3D(translationX: tx, y: ty, z: tz)
}
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    Transform3D(scaleX: sx, y: sy, z: sz)
}
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    t.translatedBy(x: tx, y: ty, z: tz)
}
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    t.scaledBy(x: sx, y: sy, z: sz)
}
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    t.rotated(by: angle, x: x, y: y, z: z)
}
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted() }
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { Transform3D(m) }
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { t.affine }
public typealias CADisplayLink = FrameLink
public typealias UIViewPropertyAnimator = PropertyAnimator
public typealias UIViewAnimatingState = PropertyAnimator.State
public typealias UIViewAnimatingPosition = PropertyAnimator.Position
public typealias UITimingCurveProvider = TimingCurveProvider
public typealias UICubicTimingParameters = CubicTimingParameters
public typealias UISpringTimingParameters = SpringTimingParameters
