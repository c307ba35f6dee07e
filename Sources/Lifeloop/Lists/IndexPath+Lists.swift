import Foundation

extension IndexPath {
    /// An index path for a row of a table's section: UIKit's `IndexPath(row:section:)`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// An index path for an item of a collection's section: UIKit's `IndexPath(item:section:)`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row in the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item in the section: the second index (a collection view's name for ``row``).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The plain form traces print: `[0,3]`.
    var listDescription: String { "[\(self[0]),\(self[1])]" }
}
