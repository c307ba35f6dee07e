import Foundation
import Testing
import UIKit

/// CoreGraphics and QuartzCore names written as apps write them: bitmap contexts,
/// images from bytes, cropping, PDF renderers, path elements, transitions, contents
/// filters, `render(in:)` and the Swift 3 spellings of geometry functions.
@Suite("CoreGraphics and QuartzCore, more")
struct GraphicsMoreTests {
    /// A layer subclass that overrides `cornerRadius` with an observer, as apps do.
    final class RoundLayer: CALayer {
        var changes = 0
        override var cornerRadius: CGFloat { didSet { changes += 1 } }
    }

    @Test func bitmapContextRecordsAndMakesAnImage() throws {
        let space = CGColorSpaceCreateDeviceRGB()
        let info = CGBitmapInfo.byteOrder32Little.rawValue | CGImageAlphaInfo.premultipliedFirst.rawValue
        let context = try #require(CGContext(data: nil, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: space, bitmapInfo: info))
        context.setFillColor(UIColor.red.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let cgImage = try #require(context.makeImage())
        #expect(cgImage.width == 40)
        #expect(cgImage.height == 20)
        let image = UIImage(cgImage: cgImage)
        #expect(image.size == CGSize(width: 40, height: 20))
        #expect(image.pngData() != nil)
        #expect(CGBitmapInfo(rawValue: info).contains(.byteOrder32Little))
        #expect(info & CGBitmapInfo.alphaInfoMask.rawValue == CGImageAlphaInfo.premultipliedFirst.rawValue)
        #expect(CGContext(data: nil, width: 0, height: 20, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                          bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue) == nil)
        #expect(CGColorSpace(name: CGColorSpace.sRGB) != nil)
    }

    @Test func imagesFromBytesAndCropping() throws {
        let bytes = Data(repeating: 255, count: 4 * 4 * 4)
        let provider = try #require(CGDataProvider(data: bytes as CFData))
        let image = try #require(CGImage(width: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                         provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(image.width == 4)
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let cropped = try #require(drawn.cgImage?.cropping(to: CGRect(x: 0, y: 0, width: 6, height: 3)))
        #expect(cropped.width == 6)
        #expect(cropped.height == 3)
        #expect(drawn.cgImage?.cropping(to: CGRect(x: 500, y: 500, width: 5, height: 5)) == nil)
    }

    @Test func pdfRendererWritesOnePagePerBeginPage() throws {
        let renderer = UIGraphicsPDFRenderer(bounds: CGRect(x: 0, y: 0, width: 612, height: 792))
        let data = renderer.pdfData { context in
            context.beginPage()
            UIColor.black.setFill()
            UIRectFill(CGRect(x: 10, y: 10, width: 50, height: 50))
            context.beginPage()
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4"))
        #expect(text.contains("/Count 2"))
        #expect(text.contains("/MediaBox [0 0 612 792]"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graphics-more-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        try renderer.writePDF(to: url) { context in context.beginPage() }
        let document = try #require(CGPDFDocument(url as CFURL))
        #expect(document.numberOfPages == 0)
        #expect(document.page(at: 1) == nil)
    }

    @Test func pathElementsComeAsMovesLinesAndCurves() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 20, y: 5))
        path.closeSubpath()
        path.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        var types: [CGPathElementType] = []
        var lastPoints: [CGPoint] = []
        path.applyWithBlock { element in
            types.append(element.pointee.type)
            if element.pointee.type == .addQuadCurveToPoint {
                lastPoints = [element.pointee.points[0], element.pointee.points[1]]
            }
        }
        #expect(types == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .closeSubpath,
                          .moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(lastPoints == [CGPoint(x: 20, y: 5), CGPoint(x: 10, y: 10)])
        let v = CGVector(dx: 3, dy: 4)
        #expect(v.dx == 3 && v.dy == 4)
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
    }

    @Test func transitionsFiltersAndCornerRadiusOverrides() {
        let layer = CALayer()
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromRight
        transition.duration = 0.3
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(transition, forKey: kCATransition)
        #expect(layer.animation(forKey: kCATransition) === transition)
        let fade = CATransition()
        #expect(fade.type == CATransitionType.fade)
        #expect(CATransitionSubtype.fromLeft.rawValue == "fromLeft")
        layer.magnificationFilter = .nearest
        layer.minificationFilter = CALayerContentsFilter.trilinear
        #expect(layer.magnificationFilter == .nearest)
        #expect(CALayer().minificationFilter == .linear)
        let round = RoundLayer()
        round.cornerRadius = 8
        #expect(round.changes == 1)
        #expect(round.cornerRadius == 8)
        let eased = CAMediaTimingFunction(controlPoints: 0.2, 0, 0.2, 1)
        #expect(eased.value(at: 1) == 1)
    }

    @Test func renderDrawsTheLayerTreeIntoAContext() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.backgroundColor = UIColor.green.cgColor
        let child = CAShapeLayer()
        child.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        child.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
        child.fillColor = UIColor.red.cgColor
        root.addSublayer(child)
        UIGraphicsBeginImageContextWithOptions(root.bounds.size, false, 1)
        let context = try #require(UIGraphicsGetCurrentContext())
        root.render(in: context)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(context.commands.contains(.setFillColor(UIColor.green)))
        #expect(context.commands.contains(.setFillColor(UIColor.red)))
        #expect(image?.size == CGSize(width: 20, height: 20))
    }

    @Test func swift3Spellings() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(CGRectZero == .zero && CGPointZero == .zero && CGSizeZero == .zero)
        #expect(CGAffineTransformIdentity.isIdentity)
        let insets = UIEdgeInsetsMake(1, 2, 3, 4)
        #expect(UIEdgeInsetsInsetRect(rect, insets) == CGRect(x: 12, y: 21, width: 24, height: 36))
        #expect(UIEdgeInsetsZero == UIEdgeInsets.zero)
        #expect(CGRectContainsPoint(rect, CGPoint(x: 15, y: 25)))
        #expect(CGRectInset(rect, 5, 5) == CGRect(x: 15, y: 25, width: 20, height: 30))
        #expect(CGRectGetMidX(rect) == 25 && CGRectGetMidY(rect) == 40)
        #expect(CGRectGetMaxX(rect) == 40 && CGRectGetMaxY(rect) == 60)
        #expect(CGRectGetMinX(rect) == 10 && CGRectGetMinY(rect) == 20)
        #expect(CGRectGetWidth(rect) == 30 && CGRectGetHeight(rect) == 40)
        #expect(CATransform3DIsAffine(CATransform3DMakeAffineTransform(.identity)))
    }
}
