import Testing
@testable import Lifeloop

/// A presentation that covers its presenter remembers where the presenter's view was; that
/// memory must not keep the window, and with it both controllers, alive. (`make asan`
/// found 172,576 leaked allocations from the invariant suite: the presented controller held
/// the window strongly, the window its root, the root the presented controller.)
@Suite("Presentation lifetime")
struct PresentationLifetimeTests {
    @Test(arguments: [ModalPresentationStyle.fullScreen, .currentContext, .pageSheet])
    func aWindowWithAPresentationIsReleased(style: ModalPresentationStyle) throws {
        weak var weakWindow: Window?
        weak var weakRoot: ViewController?
        weak var weakPresented: ViewController?
        do {
            let app = try Application()
            let root = ViewController(label: "A")
            let window = try showInWindow(root, app: app)
            let presented = ViewController(label: "B")
            presented.modalPresentationStyle = style
            root.present(presented, animated: false)
            try app.settle()
            #expect(root.presentedViewController === presented)
            weakWindow = window
            weakRoot = root
            weakPresented = presented
            try app.close()
        }
        #expect(weakWindow == nil)
        #expect(weakRoot == nil)
        #expect(weakPresented == nil)
    }
}
