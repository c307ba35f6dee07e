import Foundation

extension WindowSnapshot {
    /// The longest edges a snapshot's PNG can be asked for, in pixels.
    public static let pngLongestEdges = 16...32_767

    /// The snapshot as a PNG: the picture ``svg()`` describes, drawn straight with cairo in
    /// this process (no SVG text is written; text is set with cairo's own font API, so glyphs
    /// can differ slightly from librsvg's), at most `longestEdge` pixels on its longer side
    /// (the whole picture, scaled down; nil for one pixel a point).
    ///
    /// The same snapshot gives the same bytes on every call and run (with one cairo, its
    /// fonts and zlib). When cairo and librsvg cannot be opened in this process, the SVG is
    /// drawn by `rsvg-convert` instead, at the same size.
    /// - Parameters:
    ///   - longestEdge: The most pixels on the longer side, in ``pngLongestEdges``.
    ///   - what: Names the picture in errors (a path, or "the snapshot").
    /// - Throws: ``PNGConverter/Failure`` naming `what`: `longestEdge` outside
    ///   ``pngLongestEdges``, librsvg missing (and what to install), or what failed.
    public func png(longestEdge: Int? = nil, for what: String = "the snapshot") throws -> [UInt8] {
        try png(longestEdge: longestEdge, for: what, rasterizer: .shared)
    }

    /// ``png(longestEdge:for:)`` with a given in-process rasterizer (tests give one whose
    /// libraries fail to open) and `PATH`.
    package func png(longestEdge: Int?, for what: String, rasterizer: SVGRasterizer,
                     environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [UInt8] {
        let placement = try pngPlacement(longestEdge: longestEdge, for: what)
        if let bytes = try rasterizer.png(snapshot: self, longestEdge: longestEdge, for: what) { return bytes }
        var svg = self.svg()
        if placement.scale != 1 { svg = fittedSVG(svg, width: placement.pixelWidth, height: placement.pixelHeight) }
        return try PNGConverter.processPNG(svg: svg, for: what, environment: environment)
    }

    /// Where the snapshot's document lies on its PNG: the PNG's size in pixels, and the
    /// scale and offset that place the document's units on it.
    struct PNGPlacement: Equatable {
        var pixelWidth: Double
        var pixelHeight: Double
        var documentWidth: Double
        var documentHeight: Double
        var scale: Double
        var offsetX: Double
        var offsetY: Double
    }

    /// The PNG's size for `longestEdge`: the SVG's own size (rounded up) when it fits;
    /// else its longer side made `longestEdge` and the other scaled alike (rounded down),
    /// the document drawn whole and centred in it, as librsvg draws an SVG whose size was
    /// set so and whose `viewBox` keeps the document.
    /// - Throws: ``PNGConverter/Failure`` naming `what` when `longestEdge` is outside
    ///   ``pngLongestEdges`` or the window's size is not a positive finite size.
    func pngPlacement(longestEdge: Int?, for what: String) throws(PNGConverter.Failure) -> PNGPlacement {
        if let longestEdge, !Self.pngLongestEdges.contains(longestEdge) {
            throw PNGConverter.Failure(description: "\(what): longestEdge is \(longestEdge); a PNG's longest edge is \(Self.pngLongestEdges.lowerBound)...\(Self.pngLongestEdges.upperBound) pixels")
        }
        // The sizes the SVG states (two decimals), which librsvg reads.
        let width = Double(svgNumber(documentWidth)) ?? 0, height = Double(svgNumber(documentHeight)) ?? 0
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw PNGConverter.Failure(description: "\(what): the window's size is \(size.width) × \(size.height) points; a PNG needs a positive width and height")
        }
        var placement = PNGPlacement(pixelWidth: width.rounded(.up), pixelHeight: height.rounded(.up), documentWidth: width,
                                     documentHeight: height, scale: 1, offsetX: 0, offsetY: 0)
        guard let longestEdge, max(width, height) > Double(longestEdge) else { return placement }
        let fit = Double(longestEdge) / max(width, height)
        placement.pixelWidth = max(1, (width * fit).rounded(.down))
        placement.pixelHeight = max(1, (height * fit).rounded(.down))
        placement.scale = min(placement.pixelWidth / width, placement.pixelHeight / height)
        placement.offsetX = (placement.pixelWidth - width * placement.scale) / 2
        placement.offsetY = (placement.pixelHeight - height * placement.scale) / 2
        return placement
    }

    /// The snapshot's SVG with its stated size set to `width` × `height` pixels (its
    /// `viewBox` keeps the document whole), for `rsvg-convert`.
    private func fittedSVG(_ svg: String, width: Double, height: Double) -> String {
        var out = svg
        let old = " width=\"\(svgNumber(documentWidth))\" height=\"\(svgNumber(documentHeight))\" "
        if let range = out.range(of: old) {
            out.replaceSubrange(range, with: " width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" ")
        }
        return out
    }
}
