import Foundation

/// A problem the crawl found, with the path of actions that leads to it from launch.
public struct ExploreFinding: Codable, Sendable {
    /// `crash`, `hang`, `leak` or `diagnostic`.
    public var kind: String
    /// The sentence for people.
    public var message: String
    /// The id of the screen the last action was taken on.
    public var screen: String
    /// That screen's structural signature.
    public var signature: String
    /// The actions from the settled start to the finding, the last one the one that found it.
    public var path: [ExploreAction]
    /// What it names: a leaked controller's trace label, a diagnostic's label.
    public var label: String
    /// A leaked controller's class, a diagnostic's kind, a crash's status.
    public var detail: String
    /// A crash's last lines of standard error; a leak's holders.
    public var evidence: [String]
    /// The file the finding's scenario was written to, relative to the output folder.
    public var file: String?
    /// How many steps its scenario's script had before and after shrinking.
    public var steps: (before: Int, after: Int)? {
        get { stepsBefore.flatMap { before in stepsAfter.map { (before, $0) } } }
        set { stepsBefore = newValue?.before; stepsAfter = newValue?.after }
    }
    private var stepsBefore: Int?
    private var stepsAfter: Int?
    /// The failure key `lifeloop run` reports for the finding's scenario (a crash: the
    /// trap's message).
    public var failureKey: String?

    /// A finding.
    public init(kind: String, message: String, screen: String, signature: String, path: [ExploreAction],
                label: String = "", detail: String = "", evidence: [String] = []) {
        self.kind = kind
        self.message = message
        self.screen = screen
        self.signature = signature
        self.path = path
        self.label = label
        self.detail = detail
        self.evidence = evidence
    }

    /// What makes two findings the same: the kind, the message without its numbers (serials,
    /// addresses, times), and the screen's signature.
    public var key: String {
        kind + "|" + Self.withoutNumbers(message) + "|" + signature
    }

    /// `text` with each run of digits written `N`.
    public static func withoutNumbers(_ text: String) -> String {
        var out = ""
        var inNumber = false
        for character in text {
            if character.isNumber {
                if !inNumber { out += "N" }
                inNumber = true
            } else {
                out.append(character)
                inNumber = false
            }
        }
        return out
    }

    /// The trap's message in a crashed process's last lines of standard error (`Fatal
    /// error: …`, `Precondition failed: …`), else the last line, else the status.
    public static func crashMessage(stderr: [String], status: String) -> String {
        let markers = ["Fatal error: ", "Precondition failed: ", "Assertion failed: ", "Unexpectedly found nil"]
        for line in stderr.reversed() {
            for marker in markers {
                if let range = line.range(of: marker) {
                    return String(line[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return stderr.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? status
    }
}
