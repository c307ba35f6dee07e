import Foundation
import Testing

/// `Samples/Scenarios/Mail.storyboard.json` through the real `lifeloop launch`: every segue
/// kind of L24 from a file (relationship tabs and navigation root, an embedded banner, a
/// show that pushes, a back tap, a present with the scene's style and with the segue's,
/// an unwind across a presentation and a stack).
@Suite struct MailSampleTests {
    static let mail = Fixtures.samples + "/Mail.storyboard.json"
    static let appearance = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]

    /// The controller lines of the trace whose event is in `events`, from the line `after` on.
    static func lines(_ stdout: String, after marker: String, _ events: [String]) -> [String] {
        let all = stdout.split(separator: "\n").map(String.init)
        let start = all.firstIndex(of: marker) ?? all.count
        return all[start...].filter { line in events.contains { line.hasSuffix(" " + $0) } }
    }

    @Test func launchShowsTheTabsTheStackAndTheEmbeddedBanner() throws {
        let output = try CLI.run(["launch", Self.mail])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.lines(output.stdout, after: "app launch", Self.appearance) == [
            "Tabs viewWillAppear", "MailNav viewWillAppear", "Inbox viewWillAppear", "Banner viewWillAppear",
            "Tabs viewDidAppear", "MailNav viewDidAppear", "Inbox viewDidAppear", "Banner viewDidAppear",
        ])
        // The banner is embedded while Inbox's view loads, before Inbox's viewDidLoad.
        let all = output.stdout.split(separator: "\n").map(String.init)
        let bannerLoaded = try #require(all.firstIndex(of: "Banner viewDidLoad"))
        let inboxLoaded = try #require(all.firstIndex(of: "Inbox viewDidLoad"))
        #expect(bannerLoaded < inboxLoaded)
    }

    @Test func showPushesAndBackPops() throws {
        let output = try CLI.run(["launch", Self.mail, "--tap", "Inbox.row", "--tap", "Message.back"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.lines(output.stdout, after: "Inbox.row tap", Self.appearance + ["dealloc"]) == [
            "Inbox viewWillDisappear", "Banner viewWillDisappear", "Message viewWillAppear",
            "Inbox viewDidDisappear", "Banner viewDidDisappear", "Message viewDidAppear",
            "Message viewWillDisappear", "Inbox viewWillAppear", "Banner viewWillAppear",
            "Message viewDidDisappear", "Inbox viewDidAppear", "Banner viewDidAppear", "Message dealloc",
        ])
    }

    /// The scene's formSheet leaves the tabs on screen; the reply segue's fullScreen covers
    /// them; the unwind pops the stack under the presentation, then dismisses it (L17).
    @Test func presentStylesAndAnUnwindAcrossAPresentation() throws {
        let compose = try CLI.run(["launch", Self.mail, "--tap", "Inbox.compose"])
        #expect(compose.status == 0, "\(compose.stderr)")
        #expect(Self.lines(compose.stdout, after: "Inbox.compose tap", Self.appearance) == [
            "Compose viewWillAppear", "Compose viewDidAppear",
        ])

        let output = try CLI.run(["launch", Self.mail, "--tap", "Inbox.row", "--tap", "Message.reply", "--tap", "Compose.send"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.lines(output.stdout, after: "Message.reply tap", Self.appearance).prefix(8) == [
            "Tabs viewWillDisappear", "MailNav viewWillDisappear", "Message viewWillDisappear", "Compose viewWillAppear",
            "Compose viewDidAppear", "Tabs viewDidDisappear", "MailNav viewDidDisappear", "Message viewDidDisappear",
        ])
        #expect(Self.lines(output.stdout, after: "Compose.send tap", Self.appearance + ["prepareForSegue", "dealloc"]) == [
            "Compose prepareForSegue", "Message dealloc", "Compose viewWillDisappear",
            "Tabs viewWillAppear", "MailNav viewWillAppear", "Inbox viewWillAppear", "Banner viewWillAppear",
            "Tabs viewDidAppear", "MailNav viewDidAppear", "Inbox viewDidAppear", "Banner viewDidAppear",
            "Compose viewDidDisappear", "Compose dealloc",
        ])
    }
}
