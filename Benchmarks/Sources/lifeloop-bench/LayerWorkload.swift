import Foundation
import Lifeloop

/// The layers row: a tree of 500 layers (a mix of plain layers with corners, borders and
/// shadows, shape layers with trimmed dashed strokes, gradient and text layers, 50 per
/// group under 10 masked groups) drawn to SVG, best of 20: milliseconds per snapshot and
/// kilobytes of SVG. `BENCH_ONLY=layers` runs only this row.
enum LayerWorkload {
    static func makeTree() -> Layer {
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        root.position = CGPoint(x: 500, y: 500)
        for group in 0..<10 {
            let parent = Layer()
            parent.frame = CGRect(x: 0, y: Double(group) * 100, width: 1000, height: 100)
            parent.masksToBounds = true
            parent.cornerRadius = 12
            root.addSublayer(parent)
            for index in 0..<49 {
                let frame = CGRect(x: Double(index) * 20, y: 10, width: 18, height: 80)
                let layer: Layer
                switch index % 4 {
                case 0:
                    let shape = ShapeLayer()
                    let path = CGMutablePath()
                    path.addEllipse(in: CGRect(x: 0, y: 0, width: 18, height: 18))
                    path.addLine(to: CGPoint(x: 9, y: 80))
                    shape.path = path
                    shape.strokeColor = Color(red: 0.2, green: 0.3, blue: 0.9)
                    shape.strokeEnd = 0.7
                    shape.lineDashPattern = [4, 2]
                    layer = shape
                case 1:
                    let gradient = GradientLayer()
                    gradient.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]
                    gradient.type = index % 8 == 1 ? .axial : .radial
                    layer = gradient
                case 2:
                    let text = TextLayer()
                    text.string = "L\(index)"
                    text.fontSize = 10
                    text.foregroundColor = .black
                    layer = text
                default:
                    layer = Layer()
                    layer.backgroundColor = Color(red: 0.9, green: 0.8, blue: 0.1)
                    layer.cornerRadius = 4
                    layer.borderWidth = 1
                    layer.shadowOpacity = 0.4
                    layer.shadowRadius = 2
                    layer.transform = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
                }
                layer.frame = frame
                parent.addSublayer(layer)
            }
        }
        return root
    }

    static func run() throws {
        let root = makeTree()
        var count = 0
        var stack = [root]
        while let layer = stack.popLast() {
            count += 1
            stack += layer.sublayers ?? []
        }
        precondition(count == 501)
        var bytes = 0
        let seconds = try ParseWorkloads.bestSeconds(of: 20) {
            bytes = root.svgDocument().utf8.count
        }
        print("\nlayers (a 500-layer tree to SVG: shapes with trimmed dashed strokes, gradients, text, shadows; release; best of 20)")
        print(String(format: "  %.2f ms per snapshot, %.0f KB of SVG", seconds * 1000, Double(bytes) / 1024))
    }
}
