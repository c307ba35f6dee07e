import Foundation
import Testing
@testable import Lifeloop

/// Drawing in `draw(_:)`: affine transforms, display-list recording through the
/// per-thread current context, paths, and the SVG rendering of display lists.
@Suite struct DrawingTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

    /// Records `body` with a current context and renders it as SVG.
    private func drawSVG(width: CGFloat = 100, height: CGFloat = 100, _ body: () -> Void) -> String {
        let size = CGSize(width: width, height: height)
        return svgElements(for: recordDrawing(in: CGRect(origin: .zero, size: size), body), size: size, idPrefix: "v")
    }

    private func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-9 }
    private func close(_ p: CGPoint, _ q: CGPoint) -> Bool { close(p.x, q.x) && close(p.y, q.y) }
    private func close(_ s: CGAffineTransform, _ t: CGAffineTransform) -> Bool {
        close(s.a, t.a) && close(s.b, t.b) && close(s.c, t.c) && close(s.d, t.d) && close(s.tx, t.tx) && close(s.ty, t.ty)
    }

    // MARK: Transforms

    @Test func transformMatricesFollowCoreGraphics() {
        #expect(CGAffineTransform(translationX: 3, y: 4) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(CGAffineTransform(scaleX: 2, y: 3) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(close(quarter, CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)))
        // y down: +x turns to +y, clockwise on screen.
        #expect(close(CGPoint(x: 1, y: 0).applying(quarter), CGPoint(x: 0, y: 1)))
        // translatedBy applies the translation first: (1,1) -> (11,21) -> scaled (22,63).
        let scaled = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 20)
        #expect(scaled == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 60))
        #expect(CGPoint(x: 1, y: 1).applying(scaled) == CGPoint(x: 22, y: 63))
        // t1.concatenating(t2): t1 first.
        let then = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(then) == CGPoint(x: 22, y: 2))
        #expect(close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)),
                      CGPoint(x: 10, y: 1)))
        #expect(CGAffineTransform(scaleX: 2, y: 2).scaledBy(x: 3, y: 0.5) == CGAffineTransform(scaleX: 6, y: 1))
        let size = CGSize(width: 2, height: 3).applying(quarter)
        #expect(close(size.width, -3) && close(size.height, 2))
        #expect(CGSize(width: 2, height: 3).applying(CGAffineTransform(translationX: 5, y: 5)) == CGSize(width: 2, height: 3))
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1).isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
    }

    @Test func inversionRoundTrips() {
        let t = CGAffineTransform(translationX: 5, y: -7).rotated(by: 0.3).scaledBy(x: 2, y: 0.5)
        let inverse = t.inverted()
        #expect(close(t.concatenating(inverse), .identity))
        #expect(close(inverse.concatenating(t), .identity))
        let p = CGPoint(x: 12.5, y: -3)
        #expect(close(p.applying(t).applying(inverse), p))
        #expect(!close(p.applying(t), p))
        let singular = CGAffineTransform(scaleX: 0, y: 2)
        #expect(singular.inverted() == singular)
    }

    @Test func rectBoundingBoxUnderRotation() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
        // Corners (10,20) (40,20) (40,60) (10,60) map to (-20,10) (-20,40) (-60,40) (-60,10).
        let box = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(close(box.minX, -60) && close(box.minY, 10) && close(box.width, 40) && close(box.height, 30))
        let diamond = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(close(diamond.width, 2 * 2.squareRoot()) && close(diamond.midX, 0))
        #expect(rect.applying(CGAffineTransform(translationX: 1, y: 2)) == CGRect(x: 11, y: 22, width: 30, height: 40))
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    // MARK: Recording

    @Test func progressRingRecordsInCallOrder() {
        let center = CGPoint(x: 50, y: 50)
        let end = -CGFloat.pi / 2 + 2 * .pi * 0.25
        let commands = recordDrawing(in: CGRect(x: 0, y: 0, width: 100, height: 100)) {
            // A typical draw(_:): a progress ring at 25 %.
            let path = BezierPath(arcCenter: center, radius: 40, startAngle: -.pi / 2, endAngle: end, clockwise: true)
            path.lineWidth = 8
            path.lineCapStyle = .round
            red.setStroke()
            path.stroke()
        }
        let start = CGPoint(x: 50 + 40 * cos(-CGFloat.pi / 2), y: 50 + 40 * sin(-CGFloat.pi / 2))
        #expect(commands == [
            .setStrokeColor(red), .saveGState, .setLineWidth(8), .setLineJoin(.miter), .setLineCap(.round),
            .setMiterLimit(10), .moveTo(start),
            .arc(center: center, radius: 40, startAngle: -.pi / 2, endAngle: end, clockwise: true),
            .strokePath, .restoreGState,
        ])
        #expect(svgElements(for: commands, size: CGSize(width: 100, height: 100))
            == #"<path d="M50 10 A40 40 0 0 1 90 50" fill="none" stroke="rgb(255,0,0)" stroke-width="8" stroke-linecap="round" stroke-miterlimit="10"/>"#)
    }

    @Test func contextCallsRecordCoreGraphicsExpansions() {
        let context = CGContext()
        context.setFillColor(red)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: 1, clockwise: false)
        context.addLines(between: [CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 1)])
        context.drawPath(using: .eoFillStroke)
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        context.stroke(CGRect(x: 1, y: 1, width: 2, height: 2), width: 3)
        context.strokeLineSegments(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 5, y: 5)])
        context.setFillColor(gray: 0.5, alpha: 1)
        #expect(context.commands == [
            .setFillColor(red), .fillRect(CGRect(x: 0, y: 0, width: 10, height: 10)),
            // CoreGraphics' counterclockwise is clockwise on screen in a y-down space.
            .arc(center: .zero, radius: 5, startAngle: 0, endAngle: 1, clockwise: true),
            .moveTo(CGPoint(x: 1, y: 1)), .lineTo(CGPoint(x: 2, y: 2)), .lineTo(CGPoint(x: 3, y: 1)),
            .fillStrokePath(evenOdd: true),
            .beginPath, .ellipse(in: CGRect(x: 0, y: 0, width: 4, height: 4)), .fillPath(evenOdd: false),
            .saveGState, .setLineWidth(3), .strokeRect(CGRect(x: 1, y: 1, width: 2, height: 2)), .restoreGState,
            .beginPath, .moveTo(.zero), .lineTo(CGPoint(x: 1, y: 0)), .strokePath,
            .setFillColor(Color(red: 0.5, green: 0.5, blue: 0.5)),
        ])
    }

    @Test func withoutContextNothingIsRecordedAndNothingCrashes() {
        #expect(UIGraphicsGetCurrentContext() == nil)
        let path = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.fill()
        path.stroke()
        path.addClip()
        red.setFill()
        red.setStroke()
        red.set()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5))
        UIRectFrame(CGRect(x: 0, y: 0, width: 5, height: 5))
        UIGraphicsPopContext()
        #expect(GraphicsContextStack.pop() == nil)
        #expect(UIGraphicsGetCurrentContext() == nil)
        // Nothing above reached the next pass.
        #expect(recordDrawing(in: .zero) { blue.setFill() } == [.setFillColor(blue)])
        #expect(GraphicsContextStack.depth == 0)
    }

    @Test func contextsNestAndPopInOrder() throws {
        let outer = CGContext(), inner = CGContext()
        UIGraphicsPushContext(outer)
        UIGraphicsPushContext(inner)
        #expect(UIGraphicsGetCurrentContext() === inner)
        red.set()
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIRectFrame(CGRect(x: 0, y: 0, width: 10, height: 4))
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(inner.commands == [.setFillColor(red), .setStrokeColor(red)])
        #expect(outer.commands == [
            .fillRect(CGRect(x: 0, y: 0, width: 10, height: 1)), .fillRect(CGRect(x: 0, y: 3, width: 10, height: 1)),
            .fillRect(CGRect(x: 0, y: 1, width: 1, height: 2)), .fillRect(CGRect(x: 9, y: 1, width: 1, height: 2)),
        ])
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            _ = try recordDrawing(in: .zero) { throw Failure() }
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func threadsRecordOnlyTheirOwnCommands() {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var byThread: [Int: [DrawCommand]] = [:]
        }
        let results = Results()
        let done = DispatchGroup()
        // Each thread waits, mid-drawing, until the other has its own context pushed too.
        let ready = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        for index in 0..<2 {
            done.enter()
            let thread = Thread {
                let color = Color(red: Double(index), green: 0.5, blue: 0)
                let commands = recordDrawing(in: CGRect(x: 0, y: 0, width: 10, height: 10)) {
                    for step in 0..<200 {
                        if step == 100 {
                            ready[index].signal()
                            ready[1 - index].wait()
                        }
                        color.setFill()
                        UIRectFill(CGRect(x: CGFloat(step), y: CGFloat(index), width: 1, height: 1))
                    }
                }
                results.lock.lock()
                results.byThread[index] = commands
                results.lock.unlock()
                done.leave()
            }
            thread.start()
        }
        done.wait()
        for index in 0..<2 {
            let color = Color(red: Double(index), green: 0.5, blue: 0)
            let expected = (0..<200).flatMap { step -> [DrawCommand] in
                [.setFillColor(color), .fillRect(CGRect(x: CGFloat(step), y: CGFloat(index), width: 1, height: 1))]
            }
            let own = results.byThread[index] ?? []
            let foreign = own.filter { if case .setFillColor(let c) = $0 { c != color } else { false } }.count
            #expect(own.count == expected.count && foreign == 0, "thread \(index): \(own.count) commands, \(foreign) foreign colors")
            #expect(own == expected, "thread \(index) recorded other commands than its own")
        }
    }

    // MARK: Paths

    @Test func pathsKeepElementsBoundsAndCurrentPoint() {
        let path = CGMutablePath()
        #expect(path.isEmpty && path.boundingBox.isNull && path.currentPoint == .zero)
        path.addLine(to: CGPoint(x: 5, y: 5))  // no current point: ignored
        #expect(path.isEmpty)
        path.addArc(center: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // The subpath starts with an explicit move; CoreGraphics' clockwise is negated.
        #expect(path.elements == [
            .moveTo(CGPoint(x: 20, y: 10)),
            .arc(center: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false),
        ])
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1), transform: CGAffineTransform(translationX: 100, y: 0))
        #expect(path.elements.last == .rect(CGRect(x: 100, y: 0, width: 1, height: 1)))
        #expect(path.currentPoint == CGPoint(x: 100, y: 0))

        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10))
        let box = circle.boundingBox
        #expect(close(box.minX, 0) && close(box.minY, 0) && close(box.width, 20) && close(box.height, 10))

        let bezier = BezierPath(arcCenter: CGPoint(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(close(bezier.currentPoint, CGPoint(x: -10, y: 0)))
        let arcBounds = bezier.bounds  // control points included: the lower half-disc's box
        #expect(close(arcBounds.minX, -10) && close(arcBounds.maxX, 10) && close(arcBounds.minY, 0) && close(arcBounds.maxY, 10))
        bezier.apply(CGAffineTransform(rotationAngle: .pi / 2))  // arcs become cubic curves
        #expect(bezier.cgPath.elements.allSatisfy { if case .arc = $0 { false } else { true } })
        #expect(close(bezier.currentPoint, CGPoint(x: 0, y: -10)))
        let copy = BezierPath(cgPath: bezier.cgPath)
        #expect(copy.cgPath == bezier.cgPath)
        copy.removeAllPoints()
        #expect(copy.isEmpty && copy.bounds.isNull && !bezier.isEmpty)
    }

    // MARK: SVG

    @Test func svgRectFill() {
        #expect(drawSVG {
            blue.setFill()
            UIRectFill(CGRect(x: 10, y: 20, width: 30, height: 40))
        } == #"<rect x="10" y="20" width="30" height="40" fill="rgb(0,0,255)"/>"#)
        #expect(drawSVG {
            Color(red: 1, green: 0, blue: 0, alpha: 0.5).setFill()
            UIGraphicsGetCurrentContext()?.setAlpha(0.5)
            BezierPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40)).fill()
        } == #"<path d="M10 20 H40 V60 H10 Z" fill="rgb(255,0,0)" fill-opacity="0.25"/>"#)
        #expect(drawSVG {
            BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10).fill()
        } == #"<path d="M10 0 H90 A10 10 0 0 1 100 10 V40 A10 10 0 0 1 90 50 H10 A10 10 0 0 1 0 40 V10 A10 10 0 0 1 10 0 Z" fill="rgb(0,0,0)"/>"#)
        // Only the top corners: the arcs' lines from their own start points are left out.
        #expect(drawSVG {
            BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), byRoundingCorners: [.topLeft, .topRight],
                       cornerRadii: CGSize(width: 10, height: 10)).fill()
        } == #"<path d="M10 0 L90 0 A10 10 0 0 1 100 10 L100 50 L0 50 L0 10 A10 10 0 0 1 10 0 Z" fill="rgb(0,0,0)"/>"#)
    }

    @Test func svgStrokedLine() {
        #expect(drawSVG {
            let context = UIGraphicsGetCurrentContext()!
            context.setStrokeColor(red)
            context.setLineWidth(2)
            context.setLineDash(phase: 1, lengths: [4, 2])
            context.move(to: CGPoint(x: 0, y: 0.5))
            context.addLine(to: CGPoint(x: 100, y: 0.5))
            context.strokePath()
            context.strokePath()  // the path was consumed: nothing more
        } == #"<path d="M0 0.5 L100 0.5" fill="none" stroke="rgb(255,0,0)" stroke-width="2" stroke-miterlimit="10" stroke-dasharray="4,2" stroke-dashoffset="1"/>"#)
    }

    @Test func svgFullCircleIsTwoHalves() {
        let circle = #"<path d="M75 50 A25 25 0 0 1 25 50 A25 25 0 0 1 75 50" fill="rgb(0,0,0)"/>"#
        #expect(drawSVG {
            let context = UIGraphicsGetCurrentContext()!
            context.addArc(center: CGPoint(x: 50, y: 50), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            context.fillPath()
        } == circle)
        #expect(drawSVG {
            BezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: true).fill()
        } == circle)
        // A full turn the other way round is empty, as in UIKit.
        #expect(drawSVG {
            BezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: false).fill()
        } == #"<path d="M75 50" fill="rgb(0,0,0)"/>"#)
        #expect(drawSVG {
            BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10)).fill()
        } == #"<path d="M20 5 A10 5 0 0 1 0 5 A10 5 0 0 1 20 5 Z" fill="rgb(0,0,0)"/>"#)
    }

    @Test func svgQuarterArcsClockwiseAndCounterclockwise() {
        let center = CGPoint(x: 50, y: 50)
        let (from, to) = (CGFloat.pi / 6, 2 * CGFloat.pi / 3)
        let start = DisplayListSVG.point(CGPoint(x: 50 + 20 * cos(from), y: 50 + 20 * sin(from)))
        let end = DisplayListSVG.point(CGPoint(x: 50 + 20 * cos(to), y: 50 + 20 * sin(to)))
        #expect(start == "67.321 60" && end == "40 67.321")
        func stroked(_ clockwise: Bool) -> String {
            drawSVG {
                BezierPath(arcCenter: center, radius: 20, startAngle: from, endAngle: to, clockwise: clockwise).stroke()
            }
        }
        let style = #"fill="none" stroke="rgb(0,0,0)" stroke-width="1" stroke-miterlimit="10"/>"#
        // On screen (y down) clockwise from 30° to 120°: a quarter turn, SVG's positive sweep.
        #expect(stroked(true) == "<path d=\"M\(start) A20 20 0 0 1 \(end)\" \(style)")
        // Counterclockwise between the same angles: the other three quarters.
        #expect(stroked(false) == "<path d=\"M\(start) A20 20 0 1 0 \(end)\" \(style)")
        // CoreGraphics' flag is the other way round in a y-down space.
        #expect(drawSVG {
            let context = UIGraphicsGetCurrentContext()!
            context.addArc(center: center, radius: 20, startAngle: to, endAngle: from, clockwise: true)
            context.strokePath()
        } == "<path d=\"M\(end) A20 20 0 0 0 \(start)\" \(style)")
    }

    @Test func svgEvenOddFill() {
        let expected = #"<path d="M0 0 H100 V100 H0 Z M25 25 H75 V75 H25 Z" fill="rgb(0,0,0)" fill-rule="evenodd"/>"#
        #expect(drawSVG {
            let ring = BezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
            ring.append(BezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)))
            ring.usesEvenOddFillRule = true
            ring.fill()
        } == expected)
        #expect(drawSVG {
            let context = UIGraphicsGetCurrentContext()!
            context.addRects([CGRect(x: 0, y: 0, width: 100, height: 100), CGRect(x: 25, y: 25, width: 50, height: 50)])
            context.fillPath(using: .evenOdd)
        } == expected)
    }

    @Test func svgNestedSaveRestoreWithTranslate() {
        #expect(drawSVG {
            let context = UIGraphicsGetCurrentContext()!
            context.saveGState()
            context.translateBy(x: 10, y: 20)
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
            context.saveGState()
            context.scaleBy(x: 2, y: 2)
            context.setFillColor(red)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            context.restoreGState()
            context.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
            context.saveGState()
            context.rotate(by: 1)  // nothing drawn: no group left
            context.restoreGState()
            context.restoreGState()
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
            context.restoreGState()  // unbalanced: ignored
        } == """
            <g transform="matrix(1 0 0 1 10 20)">
            <rect x="0" y="0" width="5" height="5" fill="rgb(0,0,0)"/>
            <g transform="matrix(2 0 0 2 0 0)">
            <rect x="0" y="0" width="1" height="1" fill="rgb(255,0,0)"/>
            </g>
            <rect x="1" y="1" width="1" height="1" fill="rgb(0,0,0)"/>
            </g>
            <rect x="0" y="0" width="3" height="3" fill="rgb(0,0,0)"/>
            """)
    }

    @Test func svgPathKeepsTheTransformOfItsPoints() {
        // As in CoreGraphics, points are fixed by the transform current when they are added.
        #expect(drawSVG {
            let context = UIGraphicsGetCurrentContext()!
            context.move(to: .zero)
            context.addLine(to: CGPoint(x: 10, y: 0))
            context.translateBy(x: 5, y: 5)
            context.addLine(to: CGPoint(x: 0, y: 10))
            context.closePath()
            context.fillPath()
        } == """
            <g transform="matrix(1 0 0 1 5 5)">
            <path d="M-5 -5 L5 -5 L0 10 Z" fill="rgb(0,0,0)"/>
            </g>
            """)
    }

    @Test func svgClipTextAndClear() {
        #expect(drawSVG {
            let context = UIGraphicsGetCurrentContext()!
            context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
            context.clip()
            context.drawText("a<b & \"c\"", at: CGPoint(x: 5, y: 15), fontSize: 12, color: blue)
        } == """
            <clipPath id="v-clip1"><path d="M0 0 H10 V10 H0 Z"/></clipPath>
            <g clip-path="url(#v-clip1)">
            <text x="5" y="15" font-size="12" fill="rgb(0,0,255)">a&lt;b &amp; &quot;c&quot;</text>
            </g>
            """)
        // Clearing before anything is drawn does nothing; afterwards it masks what is there.
        #expect(drawSVG(width: 100, height: 50) {
            let context = UIGraphicsGetCurrentContext()!
            context.clear(CGRect(x: 0, y: 0, width: 100, height: 50))
            UIRectFill(CGRect(x: 0, y: 0, width: 100, height: 50))
            context.clear(CGRect(x: 10, y: 10, width: 20, height: 20))
            UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
        } == """
            <mask id="v-mask1" maskUnits="userSpaceOnUse" x="0" y="0" width="100" height="50">
            <rect width="100" height="50" fill="white"/>
            <rect x="10" y="10" width="20" height="20" fill="black"/>
            </mask>
            <g mask="url(#v-mask1)">
            <rect x="0" y="0" width="100" height="50" fill="rgb(0,0,0)"/>
            </g>
            <rect x="0" y="0" width="1" height="1" fill="rgb(0,0,0)"/>
            """)
        // A cut-out: filling in destinationOut erases by the fill's alpha.
        #expect(drawSVG(width: 20, height: 20) {
            red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
            UIGraphicsGetCurrentContext()!.setBlendMode(.destinationOut)
            BezierPath(ovalIn: CGRect(x: 5, y: 5, width: 10, height: 10)).fill()
        } == """
            <mask id="v-mask1" maskUnits="userSpaceOnUse" x="0" y="0" width="20" height="20">
            <rect width="20" height="20" fill="white"/>
            <path d="M15 10 A5 5 0 0 1 5 10 A5 5 0 0 1 15 10 Z" fill="rgb(0,0,0)"/>
            </mask>
            <g mask="url(#v-mask1)">
            <rect x="0" y="0" width="20" height="20" fill="rgb(255,0,0)"/>
            </g>
            """)
    }

    @Test func svgNumbersAreCompactAndDeterministic() {
        #expect(DisplayListSVG.number(1.0 / 3) == "0.333")
        #expect(DisplayListSVG.number(-0.0004) == "0")
        #expect(DisplayListSVG.number(-0.0) == "0")
        #expect(DisplayListSVG.number(2.5) == "2.5")
        #expect(DisplayListSVG.number(0.05) == "0.05")
        #expect(DisplayListSVG.number(-12.3456) == "-12.346")
        #expect(DisplayListSVG.number(100) == "100")
        #expect(DisplayListSVG.number(.nan) == "0")
    }
}
