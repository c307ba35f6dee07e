import Foundation
import LifeloopPort
import Testing

@Suite("Port step: Bundle.main is the app's bundle")
struct BundleMainRewriteTests {
    @Test func bundleMainBecomesTheAppsBundle() {
        let text = ported("""
            import UIKit
            let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString")
            let path = Bundle.main.path(forResource: "data", ofType: "json")
            let board = UIStoryboard(name: "Main", bundle: Bundle.main)
            let nib = UINib(nibName: "Cell", bundle: .main)
            """)
        let lines = userLines(text)
        #expect(lines[1] == #"let version = Bundle.lifeloopMain.object(forInfoDictionaryKey: "CFBundleShortVersionString")"#)
        #expect(lines[2] == #"let path = Bundle.lifeloopMain.path(forResource: "data", ofType: "json")"#)
        #expect(lines[3] == #"let board = UIStoryboard(name: "Main", bundle: Bundle.lifeloopMain)"#)
        #expect(lines[4] == #"let nib = UINib(nibName: "Cell", bundle: Bundle.lifeloopMain)"#)
    }

    @Test func otherMainsAreUntouched() {
        let source = """
            import UIKit
            let a = Bundle.mainThing
            let b = x.main
            let c = DispatchQueue.main
            let d = Foo(queue: .main)
            let e = Bundle.main(for: 1)
            let f = Bundle(path: "/x")!.main
            """
        let lines = userLines(ported(source))
        #expect(Array(lines[0..<7]) == source.components(separatedBy: "\n"))
    }

    @Test func aFileWithoutUIKitImportsLifeloop() {
        let text = ported("""
            import Foundation
            let id = Bundle.main.bundleIdentifier
            """)
        #expect(text.contains("import Lifeloop"))
        #expect(text.contains("let id = Bundle.lifeloopMain.bundleIdentifier"))
    }

    @Test func localizedStringsLookInTheAppsBundle() {
        let lines = userLines(ported("""
            import UIKit
            let a = NSLocalizedString("title", comment: "The title")
            let b = NSLocalizedString("menu", tableName: "Menu", bundle: .main, value: "Menu", comment: "")
            let c = myNSLocalizedString("x")
            let d = Foundation.NSLocalizedString("y", comment: "")
            """))
        #expect(lines[1] == #"let a = lifeloopLocalizedString("title", comment: "The title")"#)
        #expect(lines[2] == #"let b = lifeloopLocalizedString("menu", tableName: "Menu", bundle: Bundle.lifeloopMain, value: "Menu", comment: "")"#)
        #expect(lines[3] == #"let c = myNSLocalizedString("x")"#)
        #expect(lines[4] == #"let d = Foundation.NSLocalizedString("y", comment: "")"#)
    }

    @Test func portedCodeCompilesAgainstUIKit() {
        // The UIKit module (Lifeloop re-exported) has what the rewrite names.
        let bundle: Bundle = UIKitBundleProbe.main
        #expect(bundle === Bundle.main, "no app on this thread: the process's bundle")
        #expect(UIKitBundleProbe.title == "title", "no app, no table: the key")
    }
}

import UIKit

/// `Bundle.lifeloopMain` as ported code reaches it, through `import UIKit`.
enum UIKitBundleProbe {
    static var main: Bundle { Bundle.lifeloopMain }
    static var title: String { lifeloopLocalizedString("title", comment: "") }
}
