// `import QuartzCore` on Linux: Core Animation's names (`CALayer`, `CAShapeLayer`,
// `CABasicAnimation`, `CATransform3D`, `CADisplayLink`) are UIKit's module's, so this module
// re-exports it, as a file that imports QuartzCore on iOS gets them.
@_exported import UIKit
