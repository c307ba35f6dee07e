// `import Lifeloop` is all an app needs: the loop core comes with it.
@_exported import LifeloopCore
// Geometry is CoreGraphics' (`Rect` is `CGRect`, from Foundation on Linux), so its
// `CGFloat` comes with it.
@_exported import Foundation
