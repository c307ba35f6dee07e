import Foundation

extension NSAttributedString.Key {
    /// The font of the text (a ``Font``); UIKit's default for string drawing is Helvetica 12.
    public static var font: NSAttributedString.Key { NSAttributedString.Key("NSFont") }
    /// The color of the text (a ``Color``); black by default.
    public static var foregroundColor: NSAttributedString.Key { NSAttributedString.Key("NSColor") }
    /// The background color of the text (data).
    public static var backgroundColor: NSAttributedString.Key { NSAttributedString.Key("NSBackgroundColor") }
    /// The paragraph style (a ``ParagraphStyle``): string drawing honours its alignment,
    /// line spacing, paragraph spacing and line heights.
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
        let style = attributes?[.paragraphStyle] as? ParagraphStyle
        let lineHeight = style?.lineHeight(for: font) ?? font.lineHeight
        let lineSpacing = style?.lineSpacing ?? 0
        let paragraphSpacing = style?.paragraphSpacing ?? 0
        var top = point.y
        for (paragraphIndex, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if paragraphIndex > 0 { top += paragraphSpacing }
            let lines = font.lines(of: String(paragraph), width: rect?.width ?? .greatestFiniteMagnitude, maximumLines: 0)
            for line in lines {
                if let rect, top + lineHeight > rect.maxY, top > point.y { return }
                var x = point.x
                if let rect, let alignment = style?.alignment, alignment == .center || alignment == .right {
                    let spare = max(0, rect.width - font.size(of: String(line)).width)
                    x += alignment == .center ? spare / 2 : spare
                }
                context.drawText(String(line), at: CGPoint(x: x, y: top + font.ascender), fontSize: font.pointSize,
                                 color: color(attributes))
                top += lineHeight + lineSpacing
            }
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
