import Foundation
import LifeloopPort
import Testing
import UIKit

@Suite("Port step: casts iOS bridges")
struct BridgingCastRewriteTests {
    /// The keyboard's frame read as iOS code reads it: `as? CGRect` on an `NSValue`.
    @Test func aCastToCGRectReadsAnNSValueToo() {
        let source = """
            import UIKit
            let a = info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
            let b = info[key] as! CGRect
            let c = (info[key] as? NSValue)?.cgRectValue
            let d = x + y as? CGRect
            let e = info[key] as? CGPoint
            """
        let lines = userLines(ported(source))
        #expect(lines[1] == "let a = CGRect(lifeloopBridging: info[UIResponder.keyboardFrameEndUserInfoKey])")
        #expect(lines[2] == "let b = CGRect(lifeloopBridging: info[key])!")
        // Already portable, ambiguous with other operators, or another type: unchanged.
        #expect(Array(lines[3...5]) == Array(source.components(separatedBy: "\n")[3...5]))
    }

    /// What the rewrite calls answers as iOS's cast does.
    @Test func theBridgingInitializerReadsRectsAndValues() {
        let rect = CGRect(x: 0, y: 520, width: 414, height: 216)
        let info: [AnyHashable: Any] = ["value": NSValue(cgRect: rect), "rect": rect, "number": 1,
                                        "point": NSValue(point: CGPoint(x: 1, y: 2))]
        #expect(CGRect(lifeloopBridging: info["value"]) == rect)
        #expect(CGRect(lifeloopBridging: info["rect"]) == rect)
        #expect(CGRect(lifeloopBridging: info["number"]) == nil && CGRect(lifeloopBridging: nil) == nil)
        #expect(CGRect(lifeloopBridging: info["point"]) == nil)
    }

    /// `NotificationCenter.default` is the app's own center, where the keyboard's and the
    /// application's notifications are posted.
    @Test func theDefaultNotificationCenterIsTheApps() throws {
        let lines = userLines(ported("""
            import UIKit
            NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
            let center: NotificationCenter = .default
            let other = MyCenter.default
            """))
        #expect(lines[1].hasPrefix("NotificationCenter.lifeloopDefault.addObserver(self, selector: "))
        #expect(lines[2] == "let center: NotificationCenter = .default", "a bare .default is left as written")
        #expect(lines[3] == "let other = MyCenter.default")
        let app = try Application(clock: .virtual)
        #expect(NotificationCenter.lifeloopDefault === app.notificationCenter)
    }
}
