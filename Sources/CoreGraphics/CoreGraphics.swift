// `import CoreGraphics` on Linux: `CGFloat`, `CGRect` and their kin are Foundation's, and
// `CGContext`, `CGPath`, `CGColor`, `CGAffineTransform` and `CGImage` are UIKit's module's,
// so this module re-exports it, as a file that imports CoreGraphics on iOS gets them.
@_exported import UIKit
