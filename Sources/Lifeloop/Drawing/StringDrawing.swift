import Foundation

extension NSAttributedString.Key {
    /// The font of the text (a ``Font``); UIKit's default for string drawing is Helvetica 12.
    public static var font: NSAttributedString.Key { NSAttributedString.Key("NSFont") }
    /// The color of the text (a ``Color``); black by default.
    public static var foregroundColor: NSAttributedString.Key { NSAttributedString.Key("NSColor") }
    /// The background color of the text (data).
    public static var backgroundColor: NSAttributedString.Key { NSAttributedString.Key("NSBackgroundColor") }
    /// The paragraph style (data).
    public static var paragraphStyle: NSAttributedString.Key { NSAttributedString.Key("NSParagraphStyle") }
    /// The kerning (data).
    public static var kern: NSAttributedString.Key { NSAttributedString.Key("NSKern") }
}

/// UIKit's string drawing (`NSString.draw(at:withAttributes:)` and its family), into the
/// current context: each line is recorded as a ``DrawCommand/drawText(_:at:fontSize:color:)``
/// with its baseline one ascender below the line's top, measured by ``Font``'s metric model.
enum StringDrawing {
    static func font(_ attributes: [NSAttributedString.Key: Any]?) -> Font {
        attributes?[.font] as? Font ?? Font(name: "Helvetica", size: 12) ?? .systemFont(ofSize: 12)
    }

    static func color(_ attributes: [NSAttributedString.Key: Any]?) -> Color {
        attributes?[.foregroundColor] as? Color ?? Color(red: 0, green: 0, blue: 0)
    }

    static func draw(_ text: String, in rect: CGRect?, at point: CGPoint, attributes: [NSAttributedString.Key: Any]?) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let font = font(attributes)
        let lines = font.lines(of: text, width: rect?.width ?? .greatestFiniteMagnitude, maximumLines: 0)
        for (index, line) in lines.enumerated() {
            let top = point.y + CGFloat(index) * font.lineHeight
            if let rect, top + font.lineHeight > rect.maxY, index > 0 { break }
            context.drawText(String(line), at: CGPoint(x: point.x, y: top + font.ascender), fontSize: font.pointSize,
                             color: color(attributes))
        }
    }
}

extension NSString {
    /// Draws the string with its top left corner at `point` in the current context.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]?) {
        StringDrawing.draw(String(describing: self), in: nil, at: point, attributes: attributes)
    }

    /// Draws the string wrapped to `rect`'s width from its top left corner, lines below
    /// its bottom left out.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]?) {
        StringDrawing.draw(String(describing: self), in: rect, at: rect.origin, attributes: attributes)
    }

    /// The size the string takes on one line per paragraph.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]?) -> CGSize {
        StringDrawing.font(attributes).size(of: String(describing: self))
    }
}

extension String {
    /// Draws the string with its top left corner at `point` in the current context.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]?) {
        StringDrawing.draw(self, in: nil, at: point, attributes: attributes)
    }

    /// Draws the string wrapped to `rect`'s width from its top left corner.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]?) {
        StringDrawing.draw(self, in: rect, at: rect.origin, attributes: attributes)
    }

    /// The size the string takes on one line per paragraph.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]?) -> CGSize {
        StringDrawing.font(attributes).size(of: self)
    }
}
