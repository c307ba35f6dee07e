import Foundation
import Lifeloop
import LifeloopPictures
import Testing

/// Golden pictures of layer trees, one per group of features. Each was looked at as a PNG
/// (rsvg-convert) before it was accepted.
@Suite("Layer golden pictures")
struct LayerGoldenPictureTests {
    func layer(_ frame: CGRect, _ color: Color? = nil, name: String) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.name = name
        return layer
    }

    @Test
    func cornersBordersShadowsOpacityTransformsAndZPosition() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 360, height: 200), .white, name: "root")
        let rounded = layer(CGRect(x: 20, y: 20, width: 100, height: 70), Color(red: 0.2, green: 0.5, blue: 0.9), name: "rounded")
        rounded.cornerRadius = 16
        rounded.borderWidth = 4
        rounded.borderColor = Color(red: 0.1, green: 0.2, blue: 0.5)
        let topCorners = layer(CGRect(x: 140, y: 20, width: 100, height: 70), Color(red: 0.95, green: 0.6, blue: 0.1), name: "top-corners")
        topCorners.cornerRadius = 20
        topCorners.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        let shadowed = layer(CGRect(x: 260, y: 20, width: 80, height: 70), .white, name: "shadowed")
        shadowed.cornerRadius = 8
        shadowed.shadowOpacity = 0.5
        shadowed.shadowRadius = 6
        shadowed.shadowOffset = CGSize(width: 0, height: 4)
        let faded = layer(CGRect(x: 20, y: 110, width: 100, height: 70), Color(red: 0.8, green: 0.1, blue: 0.2), name: "faded")
        faded.opacity = 0.4
        let turned = layer(CGRect(x: 150, y: 115, width: 60, height: 60), Color(red: 0.3, green: 0.7, blue: 0.3), name: "turned")
        turned.transform = Transform3D(rotationAngle: .pi / 8, x: 0, y: 0, z: 1)
        // Drawn last (above `front`) because of its zPosition, though added first.
        let above = layer(CGRect(x: 250, y: 110, width: 60, height: 60), Color(red: 0.5, green: 0.2, blue: 0.7), name: "above")
        above.zPosition = 1
        let front = layer(CGRect(x: 280, y: 130, width: 60, height: 60), Color(red: 0.9, green: 0.9, blue: 0.2), name: "front")
        for sublayer in [rounded, topCorners, shadowed, faded, turned, above, front] { root.addSublayer(sublayer) }
        try expectGolden(root.svgDocument(), "layers-corners-shadows.svg")
    }

    @Test
    func shapeLayersWithStrokeEndsDashesAndFillRules() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 360, height: 140), .white, name: "root")
        let circle = ShapeLayer()
        circle.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        circle.path = BezierPath(ovalIn: CGRect(x: 10, y: 10, width: 80, height: 80)).cgPath
        circle.fillColor = nil
        circle.strokeColor = Color(red: 0.1, green: 0.6, blue: 0.3)
        circle.lineWidth = 8
        circle.lineCap = .round
        circle.strokeEnd = 0.7
        let dashed = ShapeLayer()
        dashed.frame = CGRect(x: 120, y: 10, width: 100, height: 100)
        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: 0, y: 90))
        zigzag.addLine(to: CGPoint(x: 30, y: 10))
        zigzag.addLine(to: CGPoint(x: 60, y: 90))
        zigzag.addLine(to: CGPoint(x: 90, y: 10))
        dashed.path = zigzag
        dashed.fillColor = Color(red: 0.9, green: 0.9, blue: 1)
        dashed.strokeColor = Color(red: 0.2, green: 0.2, blue: 0.8)
        dashed.lineWidth = 3
        dashed.lineJoin = .round
        dashed.lineDashPattern = [8, 4]
        dashed.lineDashPhase = 2
        let ring = ShapeLayer()
        ring.frame = CGRect(x: 240, y: 10, width: 100, height: 100)
        let rings = CGMutablePath()
        rings.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        rings.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        ring.path = rings
        ring.fillRule = .evenOdd
        ring.fillColor = Color(red: 0.8, green: 0.3, blue: 0.1)
        for sublayer in [circle, dashed, ring] { root.addSublayer(sublayer) }
        try expectGolden(root.svgDocument(), "layers-shapes.svg")
    }

    @Test
    func gradientLayersAxialRadialAndConic() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 360, height: 130), .white, name: "root")
        let colors: [Any] = [Color(red: 1, green: 0.3, blue: 0.2), Color(red: 1, green: 0.9, blue: 0.2), Color(red: 0.2, green: 0.4, blue: 1)]
        let axial = GradientLayer()
        axial.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        axial.colors = colors
        axial.locations = [0, 0.3, 1]
        axial.startPoint = CGPoint(x: 0, y: 0)
        axial.endPoint = CGPoint(x: 1, y: 1)
        axial.cornerRadius = 12
        let radial = GradientLayer()
        radial.frame = CGRect(x: 130, y: 10, width: 100, height: 100)
        radial.type = .radial
        radial.colors = colors
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)
        let conic = GradientLayer()
        conic.frame = CGRect(x: 250, y: 10, width: 100, height: 100)
        conic.type = .conic
        conic.colors = colors + [colors[0]]
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        conic.endPoint = CGPoint(x: 0.5, y: 0)
        conic.cornerRadius = 50
        for sublayer in [axial, radial, conic] { root.addSublayer(sublayer) }
        try expectGolden(root.svgDocument(), "layers-gradients.svg")
    }

    @Test
    func masksClipsTextAndContents() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 360, height: 130), .white, name: "root")
        let clipping = layer(CGRect(x: 10, y: 10, width: 100, height: 100), Color(red: 0.85, green: 0.85, blue: 0.85), name: "clipping")
        clipping.cornerRadius = 30
        clipping.masksToBounds = true
        clipping.addSublayer(layer(CGRect(x: 40, y: 40, width: 100, height: 100), Color(red: 0.2, green: 0.6, blue: 0.9), name: "overflow"))
        let masked = layer(CGRect(x: 130, y: 10, width: 100, height: 100), Color(red: 0.9, green: 0.3, blue: 0.5), name: "masked")
        let star = ShapeLayer()
        star.frame = masked.bounds
        let path = CGMutablePath()
        for index in 0..<10 {
            let radius: CGFloat = index % 2 == 0 ? 50 : 20
            let angle = CGFloat(index) * .pi / 5 - .pi / 2
            let point = CGPoint(x: 50 + radius * cos(angle), y: 50 + radius * sin(angle))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        star.path = path
        masked.mask = star
        let text = TextLayer()
        text.frame = CGRect(x: 250, y: 10, width: 100, height: 40)
        text.string = "Hello"
        text.fontSize = 24
        text.foregroundColor = Color(red: 0.1, green: 0.1, blue: 0.1)
        text.alignmentMode = .center
        text.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.8)
        let picture = layer(CGRect(x: 250, y: 60, width: 100, height: 50), nil, name: "picture")
        picture.contents = Image(name: "photo", size: CGSize(width: 100, height: 50))
        for sublayer in [clipping, masked, text, picture] { root.addSublayer(sublayer) }
        try expectGolden(root.svgDocument(), "layers-masks-text.svg")
    }

    @Test
    func aWindowSnapshotDrawsAViewsShadowAndSublayers() throws {
        let app = try Application()
        let controller = ViewController(label: "A")
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        let card = View(frame: CGRect(x: 40, y: 120, width: 200, height: 120))
        card.traceLabel = "card"
        card.backgroundColor = .white
        card.layer.cornerRadius = 12
        card.layer.shadowOpacity = 0.3
        card.layer.shadowRadius = 8
        card.layer.shadowOffset = CGSize(width: 0, height: 4)
        let gradient = GradientLayer()
        gradient.frame = CGRect(x: 10, y: 10, width: 180, height: 40)
        gradient.colors = [Color(red: 0.3, green: 0.6, blue: 1), Color(red: 0.6, green: 0.3, blue: 0.9)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.cornerRadius = 6
        card.layer.addSublayer(gradient)
        controller.view.addSubview(card)
        try app.settle()
        let svg = WindowSnapshot(window, style: .debug).svg()
        #expect(svg.contains("data-role=\"layer-shadow\""))
        #expect(svg.contains("<linearGradient"))
        try expectGolden(svg, "layers-in-window.svg")
    }
}
