import Foundation
import Testing
@testable import Lifeloop

/// A view whose layer is a shape layer.
final class ShapeView: View {
    override class var layerClass: AnyClass { ShapeLayer.self }
}

@Suite("Layer trees")
struct LayerTreeTests {
    @Test
    func sublayersAreAddedInsertedAndRemovedInOrder() {
        let root = Layer()
        let a = Layer(), b = Layer(), c = Layer(), d = Layer(), e = Layer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        root.insertSublayer(d, above: c)
        root.insertSublayer(e, below: b)
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [c, d, a, e, b].map { ObjectIdentifier($0) })
        #expect(a.superlayer === root)
        a.removeFromSuperlayer()
        #expect(a.superlayer == nil)
        #expect(root.sublayers?.count == 4)
        let other = Layer()
        other.addSublayer(b)
        #expect(b.superlayer === other, "adding moves a layer from its old superlayer")
        #expect(root.sublayers?.contains { $0 === b } == false)
    }

    @Test
    func aLayerCannotBecomeItsOwnSublayer() throws {
        let app = try Application()
        let parent = Layer(), child = Layer()
        parent.addSublayer(child)
        child.addSublayer(parent)
        #expect(parent.superlayer == nil)
        #expect(app.diagnostics.contains { $0.kind == .invalidHierarchy })
    }

    @Test
    func frameIsDerivedFromPositionAnchorPointBoundsAndTransform() {
        let layer = Layer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.position = CGPoint(x: 200, y: 100)
        #expect(layer.frame == CGRect(x: 150, y: 80, width: 100, height: 40))
        layer.anchorPoint = .zero
        #expect(layer.frame == CGRect(x: 200, y: 100, width: 100, height: 40), "the position stays; the frame moves")
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(layer.frame == CGRect(x: 100, y: 60, width: 200, height: 80))
        layer.transform = .identity
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(layer.position == CGPoint(x: 25, y: 40))
        #expect(layer.bounds.size == CGSize(width: 30, height: 40))
    }

    @Test
    func aViewsLayerIsTheViewSeenAsALayer() throws {
        _ = try Application()
        let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        let layer = view.layer
        #expect(layer.frame == view.frame)
        #expect(layer.position == CGPoint(x: 60, y: 45))
        layer.opacity = 0.5
        #expect(view.alpha == 0.5)
        view.isHidden = true
        #expect(layer.isHidden)
        layer.backgroundColor = Color.red
        #expect(view.backgroundColor == Color.red)
        layer.masksToBounds = true
        #expect(view.clipsToBounds)
        layer.position = CGPoint(x: 100, y: 100)
        #expect(view.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(view.transform == CGAffineTransform(rotationAngle: .pi / 2))
        let parent = View(frame: .zero)
        parent.addSubview(view)
        #expect(layer.superlayer === parent.layer)
    }

    @Test
    func layerClassPicksTheClassOfAViewsLayer() throws {
        _ = try Application()
        let view = ShapeView(frame: .zero)
        #expect(view.layer is ShapeLayer)
        #expect(View(frame: .zero).layer is ShapeLayer == false)
    }

    @Test
    func zPositionOrdersSiblingsForDrawing() {
        let root = Layer()
        let a = Layer(), b = Layer(), c = Layer()
        a.name = "a"; b.name = "b"; c.name = "c"
        root.addSublayer(a); root.addSublayer(b); root.addSublayer(c)
        a.zPosition = 5
        #expect(root.sublayersInDrawingOrder.compactMap(\.name) == ["b", "c", "a"])
    }

    @Test
    func keyPathsReadAndWriteComponents() {
        let layer = Layer()
        layer.setValue(12, forKeyPath: "position.x")
        layer.setValue(CGFloat(30), forKeyPath: "bounds.size.width")
        layer.setValue(0.25, forKeyPath: "opacity")
        #expect(layer.position.x == 12)
        #expect(layer.bounds.width == 30)
        #expect(layer.opacity == 0.25)
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        let angle = layer.value(forKeyPath: "transform.rotation.z") as? CGFloat
        #expect(abs((angle ?? 0) - .pi / 2) < 1e-9)
    }
}

@Suite("Core Animation on the frame clock")
struct CoreAnimationTests {
    /// An app with a window, and a standalone layer in the root view's layer tree.
    func standalone() throws -> (Application, View, Layer) {
        let (app, _, box) = try showBox(size: 100)
        let layer = Layer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        Transaction.begin()
        Transaction.setDisableActions(true)
        box.layer.addSublayer(layer)
        Transaction.commit()
        try app.settle()
        return (app, box, layer)
    }

    @Test
    func basicAnimationMovesThePresentationOnVirtualTime() throws {
        let (app, _, layer) = try standalone()
        let animation = BasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        layer.add(animation, forKey: "fade")
        #expect(layer.animation(forKey: "fade") === animation)
        try app.advance(by: .milliseconds(500))
        let mid = layer.presentation()?.opacity ?? -1
        #expect(mid > 0.45 && mid < 0.55, "linear, half way: \(mid)")
        #expect(layer.opacity == 1, "the model does not change")
        try app.settle()
        #expect(layer.animationKeys() == nil, "removed on completion")
        #expect(layer.presentation()?.opacity == 1)
    }

    final class Recorder: AnimationDelegate {
        var events: [String] = []
        func animationDidStart(_ anim: LayerAnimation) { events.append("start") }
        func animationDidStop(_ anim: LayerAnimation, finished flag: Bool) { events.append("stop \(flag)") }
    }

    @Test
    func delegateLearnsStartAndStopAndARemovedAnimationDidNotFinish() throws {
        let (app, _, layer) = try standalone()
        let recorder = Recorder()
        let first = BasicAnimation(keyPath: "position.x")
        first.toValue = 50
        first.duration = 0.5
        first.delegate = recorder
        layer.add(first, forKey: "move")
        try app.settle()
        #expect(recorder.events == ["start", "stop true"])
        let second = BasicAnimation(keyPath: "position.x")
        second.toValue = 80
        second.duration = 1
        second.delegate = recorder
        layer.add(second, forKey: "move")
        try app.advance(by: .milliseconds(100))
        layer.removeAnimation(forKey: "move")
        try app.settle()
        #expect(recorder.events == ["start", "stop true", "start", "stop false"])
        #expect(app.trace.events.contains { $0.name == "animationDidStop" && $0.detail.hasSuffix("removed") })
    }

    @Test
    func forwardFillKeepsTheEndValueWhenNotRemoved() throws {
        let (app, _, layer) = try standalone()
        let animation = BasicAnimation(keyPath: "bounds.size.width")
        animation.toValue = 40
        animation.duration = 0.2
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: "grow")
        try app.settle()
        #expect(layer.presentation()?.bounds.width == 40)
        #expect(layer.bounds.width == 10)
        #expect(layer.animationKeys() == ["grow"])
    }

    @Test
    func implicitAnimationsAnimateStandaloneLayersButNotAViewsLayer() throws {
        let (app, box, layer) = try standalone()
        layer.opacity = 0
        #expect(layer.animationKeys() == ["opacity"], "a standalone layer in a tree animates implicitly")
        try app.advance(by: .milliseconds(125))
        let mid = layer.presentation()?.opacity ?? -1
        #expect(mid > 0.1 && mid < 0.9, "0.25 s by default: \(mid)")
        try app.settle()
        box.layer.cornerRadius = 4
        box.layer.opacity = 0.5
        #expect(box.layer.animationKeys() == nil, "a view's own layer does not animate implicitly")
        Transaction.begin()
        Transaction.setDisableActions(true)
        layer.opacity = 1
        Transaction.commit()
        #expect(layer.animationKeys() == nil, "setDisableActions turns them off")
    }

    @Test
    func transactionCompletionWaitsForItsAnimations() throws {
        let (app, _, layer) = try standalone()
        var completedAt: UInt64?
        Transaction.begin()
        Transaction.setAnimationDuration(1)
        Transaction.setCompletionBlock { completedAt = app.loop.now.nanoseconds }
        let start = app.loop.now.nanoseconds
        layer.position = CGPoint(x: 100, y: 0)
        Transaction.commit()
        try app.advance(by: .milliseconds(500))
        #expect(completedAt == nil)
        try app.settle()
        #expect((completedAt ?? 0) >= start + 1_000_000_000)
    }

    /// A layer still animating when its app ends goes with the app: its animation's
    /// ticker, which the display link owns, is all that kept it.
    @Test
    func aLayerAnimatingWhenItsAppEndsIsFreed() throws {
        weak var weakLayer: Layer?
        try {
            let (app, _, layer) = try standalone()
            let animation = BasicAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.toValue = 1
            animation.duration = 10
            layer.add(animation, forKey: "fade")
            try app.advance(by: .milliseconds(100))
            #expect(layer.animationKeys() == ["fade"])
            weakLayer = layer
        }()
        #expect(weakLayer == nil, "the animating layer outlived its app")
    }

    @Test
    func keyframeAnimationFollowsValuesAndKeyTimes() throws {
        let (app, _, layer) = try standalone()
        let animation = KeyframeAnimation(keyPath: "opacity")
        animation.values = [0, 1, 0.5]
        animation.keyTimes = [0, 0.25, 1]
        animation.duration = 1
        layer.add(animation, forKey: nil)
        try app.advance(by: .milliseconds(250))
        let atKey = layer.presentation()?.opacity ?? -1
        #expect(abs(atKey - 1) < 0.05, "at the second key time: \(atKey)")
        try app.advance(by: .milliseconds(375))
        let between = layer.presentation()?.opacity ?? -1
        #expect(between > 0.7 && between < 0.8, "half way from 1 to 0.5: \(between)")
    }

    @Test
    func keyframeAnimationMovesAlongAPathAtAnEvenPace() throws {
        let (app, _, layer) = try standalone()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let animation = KeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 1
        layer.add(animation, forKey: nil)
        try app.advance(by: .milliseconds(750))
        let p = layer.presentation()?.position ?? .zero
        #expect(abs(p.x - 100) < 0.01 && p.y > 45 && p.y < 55, "three quarters along: \(p)")
    }

    @Test
    func springSettlesAndOvershootsWhenUnderdamped() {
        let spring = SpringAnimation(keyPath: "position.x")
        spring.damping = 5
        let values = stride(from: 0.0, through: 3, by: 0.01).map { spring.springValue(at: $0) }
        #expect(values.max()! > 1.01, "an underdamped spring overshoots")
        #expect(spring.settlingDuration > 0.5 && spring.settlingDuration < 3)
        #expect(abs(spring.springValue(at: spring.settlingDuration) - 1) <= 0.001)
        spring.damping = 20
        #expect(stride(from: 0.0, through: 3, by: 0.01).allSatisfy { spring.springValue(at: $0) <= 1.000001 },
                "critical damping does not overshoot")
    }

    @Test
    func groupRunsItsAnimationsOnItsTimeline() throws {
        let (app, _, layer) = try standalone()
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        let grow = BasicAnimation(keyPath: "cornerRadius")
        grow.fromValue = 0
        grow.toValue = 10
        grow.beginTime = 1
        grow.duration = 1
        let group = LayerAnimationGroup()
        group.animations = [fade, grow]
        group.duration = 2
        layer.add(group, forKey: "both")
        try app.advance(by: .milliseconds(1500))
        let shown = layer.presentation()
        #expect(shown?.opacity == 1, "the first ended; no fill, so the model shows")
        #expect(shown.map { $0.cornerRadius > 4 && $0.cornerRadius < 6 } == true, "\(shown?.cornerRadius ?? -1)")
    }

    @Test
    func timingFunctionsMatchCoreAnimationsCurves() {
        let ease = MediaTimingFunction(name: .easeInEaseOut)
        #expect(abs(ease.value(at: 0.5) - 0.5) < 1e-6)
        #expect(ease.value(at: 0.25) < 0.25)
        #expect(MediaTimingFunction(name: .linear).value(at: 0.3) == 0.3)
    }

    @Test
    func presentationIsTheSameOnEveryRun() throws {
        func run() throws -> [Float] {
            let (app, _, layer) = try standalone()
            let animation = SpringAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.toValue = 1
            animation.duration = animation.settlingDuration
            layer.add(animation, forKey: nil)
            var values: [Float] = []
            for _ in 0..<10 {
                try app.advance(by: .milliseconds(37))
                values.append(layer.presentation()?.opacity ?? -1)
            }
            return values
        }
        #expect(try run() == run())
    }
}

@Suite("Display links and property animators")
struct FrameLinkTests {
    final class Target: NameWirable {
        var stamps: [Double] = []
        func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { false }
        func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
            guard selector.name == "step:", let link = arguments.first as? FrameLink else { return .notFound }
            stamps.append(link.timestamp)
            return .performed(nil)
        }
        func lifeloopResponds(to selector: Selector) -> Bool { selector.name == "step:" }
    }

    @Test
    func closureLinkCallsBackOnEachVsyncUntilInvalidated() throws {
        let app = try Application()
        var stamps: [Double] = []
        var durations: Set<Double> = []
        let link = FrameLink { link in
            stamps.append(link.timestamp)
            durations.insert(link.duration)
        }
        link.add(to: .main, forMode: .common)
        try app.advance(by: .milliseconds(100))
        #expect(stamps.count == 6, "60 Hz for 100 ms: \(stamps)")
        #expect(durations.count == 1 && abs(durations.first! - 1.0 / 60) < 1e-6)
        link.isPaused = true
        let paused = stamps.count
        try app.settle()
        #expect(stamps.count == paused, "a paused link does not call back, and settle finishes")
        link.isPaused = false
        try app.advance(by: .milliseconds(50))
        #expect(stamps.count > paused)
        link.invalidate()
        try app.settle()
        #expect(!app.isAnimating)
    }

    @Test
    func targetSelectorLinkAtAPreferredRate() throws {
        let app = try Application()
        let target = Target()
        let link = FrameLink(target: target, selector: Selector("step:"))
        link.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        try app.advance(by: .milliseconds(200))
        link.invalidate()
        #expect(target.stamps.count == 6, "30 per second for 200 ms: \(target.stamps)")
        let gaps = zip(target.stamps, target.stamps.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - 1.0 / 30) < 1e-3 }, "\(gaps)")
    }

    @Test
    func propertyAnimatorScrubsPausesReversesAndFinishes() throws {
        let (app, _, box) = try showBox(size: 10)
        var ended: [PropertyAnimator.Position] = []
        let animator = PropertyAnimator(duration: 1, curve: .linear) {
            box.alpha = 0
        }
        animator.addCompletion { ended.append($0) }
        #expect(animator.state == .inactive)
        animator.fractionComplete = 0.25
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(box.presentationAlpha - 0.75) < 1e-9, "scrubbed to a quarter")
        #expect(box.alpha == 0, "the model is at the end")
        animator.startAnimation()
        try app.advance(by: .milliseconds(250))
        animator.pauseAnimation()
        let paused = Double(animator.fractionComplete)
        #expect(paused > 0.45 && paused < 0.55, "\(paused)")
        animator.isReversed = true
        animator.startAnimation()
        try app.settle()
        #expect(ended == [.start])
        #expect(box.alpha == 1, "reversed to the start: the model goes back")
        #expect(animator.state == .inactive)
    }

    @Test
    func stoppedAnimatorFinishesWhereTold() throws {
        let (app, _, box) = try showBox(size: 10)
        var ended: [PropertyAnimator.Position] = []
        let animator = PropertyAnimator(duration: 1, curve: .linear) {
            box.frame.origin.x = 100
        }
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        try app.advance(by: .milliseconds(500))
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        let x = box.frame.minX
        #expect(x > 40 && x < 60, "stopped where it was: \(x)")
        animator.finishAnimation(at: .current)
        try app.settle()
        #expect(ended == [.current])
        animator.finishAnimation(at: .end)
        #expect(app.diagnostics.contains { $0.kind == .invalidArgument }, "finishing an inactive animator is a misuse")
    }

    @Test
    func continueAnimationRunsTheRestWithANewDuration() throws {
        let (app, _, box) = try showBox(size: 10)
        var endedAt: UInt64?
        let animator = PropertyAnimator(duration: 1, curve: .linear) { box.alpha = 0 }
        animator.addCompletion { _ in endedAt = app.loop.now.nanoseconds }
        animator.fractionComplete = 0.5
        let start = app.loop.now.nanoseconds
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        try app.settle()
        let took = Double((endedAt ?? 0) - start) / 1e9
        #expect(took > 0.95 && took < 1.1, "half left at twice the duration: \(took) s")
    }
}

@Suite("Layer animations with hostile values")
struct LayerHostileValueTests {
    @Test
    func timingValuesThatAreNotNumbersStillEndWithFiniteValues() throws {
        let (app, box, _) = try showBox(size: 10)
        let layer = Layer()
        box.layer.addSublayer(layer)
        let animation = BasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = .nan
        animation.speed = .nan
        animation.timeOffset = .infinity
        animation.beginTime = .nan
        animation.repeatCount = .nan
        animation.repeatDuration = -.infinity
        layer.add(animation, forKey: "odd")
        try app.advance(by: .milliseconds(100))
        let shown = layer.presentation()?.opacity ?? -1
        #expect(shown.isFinite && shown >= 0 && shown <= 1, "\(shown)")
        try app.settle()
        #expect(layer.animationKeys() == nil, "it ended (a quarter second, as a zero duration)")
        let svg = svgElements(for: box.layer)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test
    func snapshotsDrawTheInFlightValues() throws {
        let (app, box, _) = try showBox(size: 10)
        let layer = Layer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.backgroundColor = .black
        box.layer.addSublayer(layer)
        try app.settle()
        let move = BasicAnimation(keyPath: "position.x")
        move.fromValue = 5
        move.toValue = 105
        move.duration = 1
        layer.add(move, forKey: nil)
        try app.advance(by: .milliseconds(500))
        let x = layer.presentation()?.position.x ?? 0
        #expect(x > 50 && x < 60)
        #expect(box.layer.svgSublayerElements().contains("matrix(1 0 0 1 \(DisplayListSVG.number(x - 5)) 0)"))
    }
}

@Suite("Layer pictures")
struct LayerPictureTests {
    @Test
    func aClippingViewClipsItsAddedLayers() throws {
        let (_, box, _) = try showBox(size: 50)
        let layer = Layer()
        layer.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        layer.backgroundColor = .black
        box.layer.addSublayer(layer)
        #expect(!box.layer.svgSublayerElements().contains("clip-path"))
        box.clipsToBounds = true
        box.layer.cornerRadius = 10
        let svg = box.layer.svgSublayerElements()
        #expect(svg.contains("<clipPath"), "\(svg)")
        #expect(svg.contains("A10 10"), "the clip has the rounded corners")
    }

    @Test
    func hiddenAndTransparentLayersAreNotDrawn() {
        let root = Layer()
        let hidden = Layer(), clear = Layer()
        hidden.isHidden = true
        clear.opacity = 0
        hidden.name = "hidden"
        clear.name = "clear"
        root.addSublayer(hidden)
        root.addSublayer(clear)
        let svg = svgElements(for: root)
        #expect(!svg.contains("hidden") && !svg.contains("clear"))
    }
}

@Suite("Animations of a view's layer")
struct ViewLayerAnimationTests {
    @Test
    func animationsOnAViewsLayerShowInItsPresentationValues() throws {
        let (app, _, box) = try showBox(size: 10)
        let shake = BasicAnimation(keyPath: "position.x")
        shake.fromValue = 5
        shake.toValue = 105
        shake.duration = 1
        box.layer.add(shake, forKey: "shake")
        try app.advance(by: .milliseconds(500))
        let x = box.presentationFrame.midX
        #expect(x > 50 && x < 60, "\(x)")
        #expect(box.frame.minX == 0, "the model stays")
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 0
        fade.duration = 1
        box.layer.add(fade, forKey: "fade")
        #expect(box.presentationAlpha == 0)
        try app.settle()
        #expect(box.presentationFrame == box.frame)
        #expect(box.presentationAlpha == 1)
    }
}
