// Core Animation's names (`CA…`, `CATransform3D…` functions, `CACurrentMediaTime`) for
// Lifeloop's layers, animations, transactions and display links.

/// Core Animation's `CAShapeLayer`: Lifeloop's `ShapeLayer`.
public typealias CAShapeLayer = ShapeLayer
/// Core Animation's `CAGradientLayer`: Lifeloop's `GradientLayer`.
public typealias CAGradientLayer = GradientLayer
/// Core Animation's `CATextLayer`: Lifeloop's `TextLayer`.
public typealias CATextLayer = TextLayer
/// Core Animation's `CALayerDelegate`: Lifeloop's `LayerDelegate`.
public typealias CALayerDelegate = LayerDelegate
/// Core Animation's `CALayerContentsGravity`: Lifeloop's `ContentsGravity`.
public typealias CALayerContentsGravity = ContentsGravity
/// Core Animation's `CALayerCornerCurve`: Lifeloop's `CornerCurve`.
public typealias CALayerCornerCurve = CornerCurve
/// Core Animation's `CAShapeLayerLineCap`: Lifeloop's `ShapeLayer.LineCap`.
public typealias CAShapeLayerLineCap = ShapeLayer.LineCap
/// Core Animation's `CAShapeLayerLineJoin`: Lifeloop's `ShapeLayer.LineJoin`.
public typealias CAShapeLayerLineJoin = ShapeLayer.LineJoin
/// Core Animation's `CAShapeLayerFillRule`: Lifeloop's `ShapeLayer.FillRule`.
public typealias CAShapeLayerFillRule = ShapeLayer.FillRule
/// Core Animation's `CAGradientLayerType`: Lifeloop's `GradientLayer.GradientType`.
public typealias CAGradientLayerType = GradientLayer.GradientType
/// Core Animation's `CATextLayerAlignmentMode`: Lifeloop's `TextLayer.AlignmentMode`.
public typealias CATextLayerAlignmentMode = TextLayer.AlignmentMode
/// Core Animation's `CATransform3D`: Lifeloop's `Transform3D`.
public typealias CATransform3D = Transform3D
/// Core Animation's `CAAnimation`: Lifeloop's `LayerAnimation`.
public typealias CAAnimation = LayerAnimation
/// Core Animation's `CAPropertyAnimation`: Lifeloop's `PropertyLayerAnimation`.
public typealias CAPropertyAnimation = PropertyLayerAnimation
/// Core Animation's `CABasicAnimation`: Lifeloop's `BasicAnimation`.
public typealias CABasicAnimation = BasicAnimation
/// Core Animation's `CASpringAnimation`: Lifeloop's `SpringAnimation`.
public typealias CASpringAnimation = SpringAnimation
/// Core Animation's `CAKeyframeAnimation`: Lifeloop's `KeyframeAnimation`.
public typealias CAKeyframeAnimation = KeyframeAnimation
/// Core Animation's `CAAnimationGroup`: Lifeloop's `LayerAnimationGroup`.
public typealias CAAnimationGroup = LayerAnimationGroup
/// Core Animation's `CAAnimationDelegate`: Lifeloop's `AnimationDelegate`.
public typealias CAAnimationDelegate = AnimationDelegate
/// Core Animation's `CAAnimationCalculationMode`: Lifeloop's `KeyframeAnimation.CalculationMode`.
public typealias CAAnimationCalculationMode = KeyframeAnimation.CalculationMode
/// Core Animation's `CAAnimationRotationMode`: Lifeloop's `KeyframeAnimation.RotationMode`.
public typealias CAAnimationRotationMode = KeyframeAnimation.RotationMode
/// Core Animation's `CAMediaTimingFunction`: Lifeloop's `MediaTimingFunction`.
public typealias CAMediaTimingFunction = MediaTimingFunction
/// Core Animation's `CAMediaTimingFunctionName`: Lifeloop's `MediaTimingFunction.Name`.
public typealias CAMediaTimingFunctionName = MediaTimingFunction.Name
/// Core Animation's `CAMediaTimingFillMode`: Lifeloop's `FillMode`.
public typealias CAMediaTimingFillMode = FillMode
/// Core Animation's `CATransaction`: Lifeloop's `Transaction`.
public typealias CATransaction = Transaction
/// Core Graphics' `CGImage`: Lifeloop's `Image`.
public typealias CGImage = Image
/// Core Foundation's `CFTimeInterval`: a duration in seconds.
public typealias CFTimeInterval = Double

/// The app's loop clock in seconds (virtual in tests).
public func CACurrentMediaTime() -> CFTimeInterval { Layer.currentMediaTime() }

/// The identity transform.
public let CATransform3DIdentity = Transform3D.identity

/// Whether `t` is the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }
/// Whether `a` and `b` are the same transform.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
/// A transform that translates by (`tx`, `ty`, `tz`).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    Transform3D(translationX: tx, y: ty, z: tz)
}
/// A transform that scales by (`sx`, `sy`, `sz`).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    Transform3D(scaleX: sx, y: sy, z: sz)
}
/// A transform that rotates by `angle` radians about the axis (`x`, `y`, `z`).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}
/// `t` with a translation by (`tx`, `ty`, `tz`) applied first.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    t.translatedBy(x: tx, y: ty, z: tz)
}
/// `t` with a scale by (`sx`, `sy`, `sz`) applied first.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    t.scaledBy(x: sx, y: sy, z: sz)
}
/// `t` with a rotation by `angle` radians about (`x`, `y`, `z`) applied first.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    t.rotated(by: angle, x: x, y: y, z: z)
}
/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }
/// The inverse of `t`, or `t` itself when it has none.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted() }
/// The 3D transform that does what the affine transform `m` does.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { Transform3D(m) }
/// Whether `t` only acts in the plane (an affine transform can represent it).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }
/// The affine part of `t`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { t.affine }
/// Core Animation's `CADisplayLink`: Lifeloop's `FrameLink`.
public typealias CADisplayLink = FrameLink
/// UIKit's `UIViewPropertyAnimator`: Lifeloop's `PropertyAnimator`.
public typealias UIViewPropertyAnimator = PropertyAnimator
/// UIKit's `UIViewAnimatingState`: Lifeloop's `PropertyAnimator.State`.
public typealias UIViewAnimatingState = PropertyAnimator.State
/// UIKit's `UIViewAnimatingPosition`: Lifeloop's `PropertyAnimator.Position`.
public typealias UIViewAnimatingPosition = PropertyAnimator.Position
/// UIKit's `UITimingCurveProvider`: Lifeloop's `TimingCurveProvider`.
public typealias UITimingCurveProvider = TimingCurveProvider
/// UIKit's `UICubicTimingParameters`: Lifeloop's `CubicTimingParameters`.
public typealias UICubicTimingParameters = CubicTimingParameters
/// UIKit's `UISpringTimingParameters`: Lifeloop's `SpringTimingParameters`.
public typealias UISpringTimingParameters = SpringTimingParameters
/// Core Animation's `CAEmitterLayer`: Lifeloop's `EmitterLayer` (kept as data; no particle is drawn).
public typealias CAEmitterLayer = EmitterLayer
/// Core Animation's `CAEmitterCell`: Lifeloop's `EmitterCell`.
public typealias CAEmitterCell = EmitterCell
/// Core Animation's `CAEmitterLayerEmitterShape`.
public typealias CAEmitterLayerEmitterShape = EmitterLayer.Shape
/// Core Animation's `CAEmitterLayerEmitterMode`.
public typealias CAEmitterLayerEmitterMode = EmitterLayer.Mode
/// Core Animation's `CAEmitterLayerRenderMode`.
public typealias CAEmitterLayerRenderMode = EmitterLayer.RenderMode
