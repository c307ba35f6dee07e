/// A bad nib or storyboard file: names the file, the field (as a path like `scenes[1].segues[0].destination`) and the problem.
public struct StoryboardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as it was named to the parser or loader.
    public let file: String
    /// The path of the bad field, such as `scenes[1].segues[0].destination`;
    /// `(root)` for whole-document problems and `(file)` when the file could not be read.
    public let field: String
    /// What is wrong, in a sentence fragment.
    public let problem: String

    /// For an Xcode file: the line of the problem (1-based), else nil.
    public let line: Int?
    /// For an Xcode file: the column of the problem (1-based), else nil.
    public let column: Int?

    /// Creates an error; an empty `field` becomes `(root)`.
    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field.isEmpty ? "(root)" : field
        self.problem = problem
        self.line = nil
        self.column = nil
    }

    /// Creates an error at a line and column of an XML file; `field` names the element
    /// (`scene`, `connections/outlet`), or is empty.
    public init(file: String, line: Int, column: Int, field: String = "", problem: String) {
        self.file = file
        self.field = field.isEmpty ? "(root)" : field
        self.problem = problem
        self.line = line
        self.column = column
    }

    /// `<file>: <field>: <problem>`, or for an Xcode file `<file>:<line>:<column>: <problem>`.
    public var description: String {
        if let line { return "\(file):\(line):\(column ?? 0): \(problem)" }
        return "\(file): \(field): \(problem)"
    }
}
