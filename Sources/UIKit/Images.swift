// UIKit's names for Lifeloop's image renderers and image assets.

/// UIKit's `UIGraphicsRendererFormat`: Lifeloop's `GraphicsRendererFormat`.
public typealias UIGraphicsRendererFormat = GraphicsRendererFormat
/// UIKit's `UIGraphicsImageRendererFormat`: Lifeloop's `GraphicsImageRendererFormat`.
public typealias UIGraphicsImageRendererFormat = GraphicsImageRendererFormat
/// UIKit's `UIGraphicsRendererContext`: Lifeloop's `GraphicsRendererContext`.
public typealias UIGraphicsRendererContext = GraphicsRendererContext
/// UIKit's `UIGraphicsImageRendererContext`: Lifeloop's `GraphicsImageRendererContext`.
public typealias UIGraphicsImageRendererContext = GraphicsImageRendererContext
/// UIKit's `UIGraphicsRenderer`: Lifeloop's `GraphicsRenderer`.
public typealias UIGraphicsRenderer = GraphicsRenderer
/// UIKit's `UIGraphicsImageRenderer`: Lifeloop's `GraphicsImageRenderer`.
public typealias UIGraphicsImageRenderer = GraphicsImageRenderer
/// UIKit's `UIImageAsset`: Lifeloop's `ImageAsset`.
public typealias UIImageAsset = ImageAsset
