import Foundation

extension Image {
    /// An image from PNG or JPEG data, as UIKit's `UIImage(data:)`: its size in points is
    /// its pixel size (read from the header; pixels are not decoded). Nil for data that
    /// is neither.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// An image from PNG or JPEG data at a scale: its size in points is the pixel size
    /// divided by `scale`.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let pixels = ImageFile.pixelSize(bytes: [UInt8](data.prefix(64 * 1024))), scale > 0 else { return nil }
        var content = ImageContent()
        content.data = data
        self.init(name: "", isSymbol: false,
                  size: Size(width: pixels.width / Double(scale), height: pixels.height / Double(scale)), scale: scale,
                  renderingMode: .automatic, tintColor: nil, content: content)
    }

    /// The image in a file (PNG or JPEG), as UIKit's `UIImage(contentsOfFile:)`.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }
}
