import Foundation

/// The settings a PDF renderer draws with, as UIKit's `UIGraphicsPDFRendererFormat`.
open class GraphicsPDFRendererFormat: GraphicsRendererFormat {
    /// The document's information (title, author, ...), kept as data.
    open var documentInfo: [String: Any] = [:]

    /// A format with no document information.
    public required init() {
        super.init()
    }
}

/// The context a PDF renderer's drawing closure gets, as UIKit's
/// `UIGraphicsPDFRendererContext`: ``GraphicsRendererContext``'s, and pages.
///
/// Drawing is recorded per page in the context's `cgContext` (also the thread's current
/// context while the closure runs); call ``beginPage()`` before drawing each page.
public final class GraphicsPDFRendererContext: GraphicsRendererContext {
    /// The bounds of each page begun so far.
    var pageBounds: [CGRect] = []
    /// The renderer's bounds, for pages begun without bounds of their own.
    let defaultBounds: CGRect

    init(cgContext: CGContext, format: GraphicsPDFRendererFormat, bounds: CGRect) {
        defaultBounds = bounds
        super.init(cgContext: cgContext, format: format)
    }

    /// The bounds of the current page (the renderer's before the first page).
    public var pdfContextBounds: CGRect { pageBounds.last ?? defaultBounds }

    /// Begins a new page of the renderer's bounds.
    public func beginPage() {
        beginPage(withBounds: defaultBounds, pageInfo: [:])
    }

    /// Begins a new page of `bounds`; `pageInfo` is kept as data.
    public func beginPage(withBounds bounds: CGRect, pageInfo: [String: Any]) {
        pageBounds.append(bounds)
    }

    /// Marks `rect` as a link to `url` (a no-op on Linux).
    public func setURL(_ url: URL, for rect: CGRect) {}

    /// Marks `rect` as a link to the destination named `name` (a no-op on Linux).
    public func setDestinationWithName(_ name: String, for rect: CGRect) {}

    /// Names the point `point` as a destination (a no-op on Linux).
    public func addDestination(withName name: String, at point: CGPoint) {}
}

/// Makes PDF documents of drawing, as UIKit's `UIGraphicsPDFRenderer`.
///
/// Each call runs its closure with a new recording context current on this thread;
/// the document has one page per ``GraphicsPDFRendererContext/beginPage()``, each the
/// size of its bounds. On Linux the pages are written empty: the drawing is recorded but
/// not turned into PDF content, so the data is a small, valid, deterministic PDF with the
/// right number and size of pages and no marks on them.
open class GraphicsPDFRenderer: GraphicsRenderer {
    /// A renderer of pages of `bounds`.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: GraphicsPDFRendererFormat())
    }

    /// A renderer of pages of `bounds` with `format`'s document information.
    public init(bounds: CGRect, format: GraphicsPDFRendererFormat) {
        super.init(bounds: bounds, format: format)
    }

    /// Runs `actions` and returns the PDF document it made.
    public func pdfData(actions: (GraphicsPDFRendererContext) -> Void) -> Data {
        let bounds = rendererFormat.bounds
        let context = CGContext(bounds: bounds)
        let pdfContext = GraphicsPDFRendererContext(cgContext: context, format: (format as? GraphicsPDFRendererFormat)
                                                        ?? GraphicsPDFRendererFormat(), bounds: bounds)
        GraphicsContextStack.push(context)
        let depth = GraphicsContextStack.depth
        actions(pdfContext)
        while GraphicsContextStack.depth >= depth, depth > 0 { _ = GraphicsContextStack.pop() }
        return Self.document(pages: pdfContext.pageBounds)
    }

    /// Runs `actions` and writes the PDF document it made to `url`.
    public func writePDF(to url: URL, withActions actions: (GraphicsPDFRendererContext) -> Void) throws {
        try pdfData(actions: actions).write(to: url)
    }

    /// A PDF 1.4 document of empty pages with these media boxes.
    static func document(pages: [CGRect]) -> Data {
        func n(_ v: CGFloat) -> String { DisplayListSVG.number(v) }
        var objects: [String] = []
        let pageIDs = pages.indices.map { 3 + $0 * 2 }
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        objects.append("<< /Type /Pages /Kids [\(pageIDs.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>")
        for (index, box) in pages.enumerated() {
            let r = box.standardized
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [\(n(r.minX)) \(n(r.minY)) \(n(r.maxX)) \(n(r.maxY))] "
                + "/Contents \(pageIDs[index] + 1) 0 R /Resources << >> >>")
            objects.append("<< /Length 0 >>\nstream\n\nendstream")
        }
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }
}
