import Foundation
import Testing

/// `lifeloop launch` prints its trace as it is recorded: the same bytes as when it rendered
/// the whole trace at the end, without holding the trace in memory.
@Suite struct LaunchStreamingTests {
    static let seedSegue = URL(fileURLWithPath: Fixtures.samples).deletingLastPathComponent()
        .appendingPathComponent("SeedSegue/Main.storyboard.json").path
    static let taps = ["--tap", "A.button", "--tap", "B.button"]

    @Test func theStreamedLinesAreTheBytesLaunchPrintedBefore() throws {
        let output = try CLI.run(["launch", Self.seedSegue] + Self.taps)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == LaunchGolden.lines)
        #expect(output.stderr == "")
    }

    @Test func theStreamedJSONLinesAreTheBytesLaunchPrintedBefore() throws {
        let output = try CLI.run(["launch", Self.seedSegue, "--format", "jsonl"] + Self.taps)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == LaunchGolden.jsonl)
    }

    @Test func labelsFilterTheStream() throws {
        let output = try CLI.run(["launch", Self.seedSegue, "--labels", "A, B"] + Self.taps)
        #expect(output.status == 0, "\(output.stderr)")
        let expected = LaunchGolden.lines.split(separator: "\n")
            .filter { $0.hasPrefix("A ") || $0.hasPrefix("B ") }
            .map { $0 + "\n" }.joined()
        #expect(output.stdout == expected)
    }

    /// A tap on a view that is not there fails the command, and what the app did until
    /// then has already been printed.
    @Test func aFailedTapKeepsTheTraceSoFar() throws {
        let output = try CLI.run(["launch", Self.seedSegue, "--tap", "A.button", "--tap", "A.button"])
        #expect(output.status == 2, "bad input is exit status 2, as the command-line article says")
        #expect(output.stderr.contains("no view labelled 'A.button' is on screen to tap"))
        let printed = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let golden = LaunchGolden.lines.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(printed.count > 2 && Array(golden.prefix(printed.count - 1)) == Array(printed.dropLast()))
        #expect(output.stdout.contains("B viewDidAppear\n"))
        #expect(!output.stdout.contains("B.button tap"))
    }

    @Test func aRefusedStoryboardFileIsAnErrorNamingIt() throws {
        let output = try CLI.run(["launch", "/dev/zero"])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr.contains("/dev/zero: (file): it is a character device, not a regular file"))
    }

    /// A 1.2 MB storyboard of 100,000 views: its JSON Lines trace is about 70 MB, which the
    /// command held whole (events, then one rendered string) at about 470 MB peak; streamed,
    /// the peak is the app itself, about 80 MB. The bound sits between the two.
    @Test func aLargeTraceIsPrintedWholeInBoundedMemory() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let storyboard = folder + "/Large.storyboard.json"
        let views = LargeStoryboard.containers * LargeStoryboard.leaves
        try Data(LargeStoryboard.json().utf8).write(to: URL(fileURLWithPath: storyboard))
        let size = try #require(FileManager.default.attributesOfItem(atPath: storyboard)[.size] as? Int)
        #expect(size > 1_000_000)

        let outPath = folder + "/trace.jsonl"
        let run = try MeasuredRun(CLI.executable, ["launch", storyboard, "--format", "jsonl"],
                                  stdout: outPath, stderr: folder + "/stderr.txt")
        #expect(run.exitStatus == 0, "\((try? String(contentsOfFile: folder + "/stderr.txt", encoding: .utf8)) ?? "")")

        // The whole trace came out: eight events per view and every sequence number, in order.
        let trace = try Data(contentsOf: URL(fileURLWithPath: outPath))
        let lineCount = trace.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        #expect(lineCount > 8 * views)
        let lines = trace.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == lineCount)
        #expect(String(decoding: lines[0], as: UTF8.self) == #"{"seq":0,"time":0,"turn":0,"label":"app","event":"launch","detail":"Large"}"#)
        let last = String(decoding: lines[lines.count - 1], as: UTF8.self)
        #expect(last.hasPrefix("{\"seq\":\(lineCount - 1),"))

        // ru_maxrss is at least the parent's resident size when the child was exec'd (see
        // MeasuredRun), so that is allowed on top of the bound.
        let bound = 250 << 10
        #expect(run.peakKiB < bound + run.parentKiB,
                "peak RSS \(run.peakKiB) KiB for \(views) views, parent \(run.parentKiB) KiB")
    }
}

/// A storyboard whose initial scene has `containers` × `leaves` views, indented as a person
/// would write it.
///
/// The views are empty objects because JSONSerialization needs about 3 KB of memory for
/// each non-empty one while parsing (320 MB for 100,000 `{"tag": 7}`), which would hide
/// the trace, the thing the memory test weighs.
enum LargeStoryboard {
    static let containers = 500
    static let leaves = 200

    static func json() -> String {
        let leaf = "        {}"
        let container = "      {\"subviews\": [\n" + Array(repeating: leaf, count: leaves).joined(separator: ",\n") + "\n      ]}"
        let containerList = Array(repeating: container, count: containers).joined(separator: ",\n")
        return """
        {
          "initialScene": "A",
          "scenes": [
            {"id": "A", "view": {"label": "A.root", "subviews": [
        \(containerList)
            ]}}
          ]
        }

        """
    }
}
