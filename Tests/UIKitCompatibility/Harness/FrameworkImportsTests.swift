import CoreGraphics
import Foundation
import QuartzCore
import Testing

/// A file that imports QuartzCore and CoreGraphics, not UIKit, as model and layer code
/// often does on iOS, gets Core Animation's and Core Graphics' names.
@Suite("Framework imports")
struct FrameworkImportsTests {
    @Test func quartzCoreAndCoreGraphicsGiveTheirNames() {
        let layer = CAShapeLayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 20))
        layer.path = path
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(layer.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(layer.transform.m11 == 2)
        let turn = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(CGPoint(x: 1, y: 0).applying(turn).y - 1) < 1e-9)
    }

    /// Confetti as apps write it: every property is kept; the layer is in the tree.
    @Test func anEmitterLayerKeepsItsCells() {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 160, y: -10)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 320, height: 1)
        let cell = CAEmitterCell()
        cell.birthRate = 6
        cell.lifetime = 14
        cell.velocity = 120
        cell.emissionLongitude = .pi
        cell.scaleRange = 0.25
        emitter.emitterCells = [cell]
        let host = CALayer()
        host.addSublayer(emitter)
        #expect(emitter.emitterCells?.first?.velocity == 120)
        #expect(emitter.emitterShape == .line)
        #expect(host.sublayers?.first === emitter)
        let copy = CAEmitterLayer(layer: emitter)
        #expect(copy.emitterSize == CGSize(width: 320, height: 1))
    }

    /// `NSIndexPath`, as Swift 3 code and Objective-C-minded code still write it.
    @Test func anNSIndexPathHasARowAndASection() {
        let path = NSIndexPath(row: 3, section: 1)
        #expect(path.row == 3 && path.section == 1)
        #expect(NSIndexPath(item: 2, section: 0).item == 2)
        #expect((path as IndexPath) == IndexPath(row: 3, section: 1))
    }
}
