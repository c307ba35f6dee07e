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
}
