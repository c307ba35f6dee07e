/// A bad nib or storyboard file: names the file, the field (as a path like `scenes[1].segues[0].destination`) and the problem.
public struct StoryboardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as it was named to the parser or loader.
    public let file: String
    /// The path of the bad field, such as `scenes[1].segues[0].destination`;
    /// `(root)` for whole-document problems and `(file)` when the file could not be read.
    public let field: String
    /// What is wrong, in a sentence fragment.
    public let problem: String

    /// Creates an error; an empty `field` becomes `(root)`.
    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field.isEmpty ? "(root)" : field
        self.problem = problem
    }

    /// `<file>: <field>: <problem>`.
    public var description: String { "\(file): \(field): \(problem)" }
}
