/// The state of a list's data by identifiers: its sections in order, and each section's
/// items in order. UIKit's `NSDiffableDataSourceSnapshot`.
///
/// Everything is kept in arrays in the order given, so a snapshot and the differences
/// between two of them never depend on hash order: the same calls give the same changes
/// on every run. An identifier used twice (UIKit raises) is skipped and noted; the data
/// source that applies the snapshot reports it as a diagnostic.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    private var sectionSet: Set<SectionIdentifierType> = []
    private var itemSet: Set<ItemIdentifierType> = []
    /// Items and sections marked for reload or reconfigure, in the order marked.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// Items marked for reconfigure, in the order marked.
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    /// Sections marked for reload, in the order marked.
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []
    /// Misuses found while building it (a duplicate identifier, an unknown one).
    var issues: [String] = []

    /// An empty snapshot.
    public init() {}

    // MARK: Reading

    /// How many items, over all sections.
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    /// How many sections.
    public var numberOfSections: Int { sections.count }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    /// How many items a section has (0 for an unknown section).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        indexOfSection(identifier).map { items[$0].count } ?? 0
    }

    /// A section's items, in order.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        indexOfSection(identifier).map { items[$0] } ?? []
    }

    /// The section an item is in.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        location(of: identifier).map { sections[$0.section] }
    }

    /// An item's index over all sections.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let location = location(of: identifier) else { return nil }
        return items[..<location.section].reduce(0) { $0 + $1.count } + location.item
    }

    /// A section's index.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        guard sectionSet.contains(identifier) else { return nil }
        return sections.firstIndex(of: identifier)
    }

    /// The section and index of an item.
    func location(of identifier: ItemIdentifierType) -> (section: Int, item: Int)? {
        guard itemSet.contains(identifier) else { return nil }
        for (section, list) in items.enumerated() {
            if let index = list.firstIndex(of: identifier) { return (section, index) }
        }
        return nil
    }

    /// The item at a section and index.
    func item(section: Int, index: Int) -> ItemIdentifierType? {
        guard section >= 0, section < items.count, index >= 0, index < items[section].count else { return nil }
        return items[section][index]
    }

    /// The items per section, for a list's counts.
    var itemCounts: [Int] { items.map(\.count) }

    // MARK: Sections

    /// Appends sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: sections.count)
    }

    /// Inserts sections before a section.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType],
                                        beforeSection toIdentifier: SectionIdentifierType) {
        guard let index = indexOfSection(toIdentifier) else { return note("insertSections: unknown section \(toIdentifier)") }
        insertSections(identifiers, at: index)
    }

    /// Inserts sections after a section.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType],
                                        afterSection toIdentifier: SectionIdentifierType) {
        guard let index = indexOfSection(toIdentifier) else { return note("insertSections: unknown section \(toIdentifier)") }
        insertSections(identifiers, at: index + 1)
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
        var position = index
        for identifier in identifiers {
            guard sectionSet.insert(identifier).inserted else {
                note("section identifier \(identifier) is already in the snapshot")
                continue
            }
            sections.insert(identifier, at: position)
            items.insert([], at: position)
            position += 1
        }
    }

    /// Deletes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard let index = indexOfSection(identifier) else { continue }
            for item in items[index] { itemSet.remove(item) }
            sections.remove(at: index)
            items.remove(at: index)
            sectionSet.remove(identifier)
        }
    }

    /// Moves a section before another.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: false)
    }

    /// Moves a section after another.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: true)
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, relativeTo other: SectionIdentifierType,
                                      after: Bool) {
        guard identifier != other, let from = indexOfSection(identifier), indexOfSection(other) != nil else {
            return note("moveSection: unknown section")
        }
        let list = items.remove(at: from)
        sections.remove(at: from)
        let target = indexOfSection(other)! + (after ? 1 : 0)
        sections.insert(identifier, at: target)
        items.insert(list, at: target)
    }

    /// Marks sections to be reloaded when the snapshot is applied.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        reloadedSectionIdentifiers += identifiers.filter { sectionSet.contains($0) }
    }

    // MARK: Items

    /// Appends items to a section (the last one when nil).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let section = sectionIdentifier.flatMap { indexOfSection($0) } ?? (sectionIdentifier == nil ? sections.count - 1 : nil)
        guard let section, section >= 0 else { return note("appendItems: no such section") }
        insertItems(identifiers, section: section, at: items[section].count)
    }

    /// Inserts items before an item.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        guard let location = location(of: beforeIdentifier) else { return note("insertItems: unknown item \(beforeIdentifier)") }
        insertItems(identifiers, section: location.section, at: location.item)
    }

    /// Inserts items after an item.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        guard let location = location(of: afterIdentifier) else { return note("insertItems: unknown item \(afterIdentifier)") }
        insertItems(identifiers, section: location.section, at: location.item + 1)
    }

    private mutating func insertItems(_ identifiers: [ItemIdentifierType], section: Int, at index: Int) {
        var position = index
        for identifier in identifiers {
            guard itemSet.insert(identifier).inserted else {
                note("item identifier \(identifier) is already in the snapshot")
                continue
            }
            items[section].insert(identifier, at: position)
            position += 1
        }
    }

    /// Deletes items.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let doomed = Set(identifiers).intersection(itemSet)
        guard !doomed.isEmpty else { return }
        for section in items.indices { items[section].removeAll { doomed.contains($0) } }
        itemSet.subtract(doomed)
    }

    /// Deletes every item and section.
    public mutating func deleteAllItems() {
        sections.removeAll()
        items.removeAll()
        sectionSet.removeAll()
        itemSet.removeAll()
    }

    /// Moves an item before another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: false)
    }

    /// Moves an item after another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: true)
    }

    private mutating func moveItem(_ identifier: ItemIdentifierType, relativeTo other: ItemIdentifierType, after: Bool) {
        guard identifier != other, let from = location(of: identifier), location(of: other) != nil else {
            return note("moveItem: unknown item")
        }
        items[from.section].remove(at: from.item)
        let to = location(of: other)!
        items[to.section].insert(identifier, at: to.item + (after ? 1 : 0))
    }

    /// Marks items to be reloaded (their cells made again) when applied.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        reloadedItemIdentifiers += identifiers.filter { itemSet.contains($0) }
    }

    /// Marks items to be reconfigured (their cells asked again) when applied.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        reconfiguredItemIdentifiers += identifiers.filter { itemSet.contains($0) }
    }

    private mutating func note(_ issue: String) { issues.append(issue) }

    /// The snapshot without its reload and reconfigure marks (what a data source keeps).
    var unmarked: Self {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        copy.issues = []
        return copy
    }
}

extension DiffableDataSourceSnapshot {
    /// The changes that turn `old` into `self`, as a list's batch update: sections and
    /// items missing from `self` are deleted, new ones inserted; of those in both, the ones
    /// off the longest run that kept its order (or that changed section) move. Reload and
    /// reconfigure marks become reloads. Deterministic: it walks arrays, not sets.
    func changes(from old: Self) -> ListUpdate {
        var update = ListUpdate()
        // Sections.
        let newSectionIndex = Dictionary(sections.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let oldSectionIndex = Dictionary(old.sections.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        for (index, identifier) in old.sections.enumerated() where newSectionIndex[identifier] == nil {
            update.sectionDeletes.insert(index)
        }
        for (index, identifier) in sections.enumerated() where oldSectionIndex[identifier] == nil {
            update.sectionInserts.insert(index)
        }
        let common = sections.enumerated().compactMap { pair -> (old: Int, new: Int)? in
            oldSectionIndex[pair.element].map { (old: $0, new: pair.offset) }
        }
        let keptSections = Set(longestIncreasingRun(common.map(\.old)))
        for pair in common where !keptSections.contains(pair.old) { update.sectionMoves.append((pair.old, pair.new)) }
        // Items: where each one was and is.
        var oldPlace: [ItemIdentifierType: IndexPath] = [:]
        for (section, list) in old.items.enumerated() {
            for (row, item) in list.enumerated() { oldPlace[item] = IndexPath(row: row, section: section) }
        }
        var newPlace: [ItemIdentifierType: IndexPath] = [:]
        for (section, list) in items.enumerated() {
            for (row, item) in list.enumerated() { newPlace[item] = IndexPath(row: row, section: section) }
        }
        for (section, list) in old.items.enumerated() where !update.sectionDeletes.contains(section) {
            for (row, item) in list.enumerated() {
                let from = IndexPath(row: row, section: section)
                if let to = newPlace[item], !update.sectionInserts.contains(to.section) { continue }
                update.rowDeletes.append(from)
            }
        }
        for (section, list) in items.enumerated() where !update.sectionInserts.contains(section) {
            // Items that stay in this section (by identity) keep the longest ordered run.
            let oldSection = oldSectionIndex[sections[section]]!
            var staying: [(item: ItemIdentifierType, oldRow: Int, newRow: Int)] = []
            for (row, item) in list.enumerated() {
                guard let from = oldPlace[item], !update.sectionDeletes.contains(from.section) else {
                    update.rowInserts.append(IndexPath(row: row, section: section))
                    continue
                }
                if from.section == oldSection {
                    staying.append((item, from.row, row))
                } else {
                    update.rowMoves.append((from, IndexPath(row: row, section: section)))
                }
            }
            let kept = Set(longestIncreasingRun(staying.map(\.oldRow)))
            for entry in staying where !kept.contains(entry.oldRow) {
                update.rowMoves.append((IndexPath(row: entry.oldRow, section: oldSection),
                                        IndexPath(row: entry.newRow, section: section)))
            }
        }
        // Reloads and reconfigures (at their old places; new items are inserted anyway).
        for item in reloadedItemIdentifiers + reconfiguredItemIdentifiers {
            if let from = oldPlace[item], newPlace[item] != nil, !update.rowMoves.contains(where: { $0.from == from }),
               !update.rowReloads.contains(from) {
                update.rowReloads.append(from)
            }
        }
        for identifier in reloadedSectionIdentifiers {
            if let index = oldSectionIndex[identifier], newSectionIndex[identifier] != nil { update.sectionReloads.insert(index) }
        }
        return update
    }
}

/// The values of the longest strictly increasing subsequence of `values` (patience
/// sorting, O(n log n)); ties broken towards the earliest elements, so the answer is the
/// same on every run.
func longestIncreasingRun(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var tails: [Int] = []          // index into values of the tail of each run length
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [Int] = []
    var cursor = tails.last!
    while cursor >= 0 {
        result.append(values[cursor])
        cursor = previous[cursor]
    }
    return result.reversed()
}

/// A section's items as a tree (items with children, expanded or collapsed): UIKit's
/// `NSDiffableDataSourceSectionSnapshot`, basics.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
    private var roots: [ItemIdentifierType] = []
    private var children: [ItemIdentifierType: [ItemIdentifierType]] = [:]
    private var parents: [ItemIdentifierType: ItemIdentifierType] = [:]
    private var expanded: Set<ItemIdentifierType> = []

    /// An empty section snapshot.
    public init() {}

    /// Every item, depth first.
    public var items: [ItemIdentifierType] { roots.flatMap { subtree($0, onlyExpanded: false) } }
    /// The top-level items.
    public var rootItems: [ItemIdentifierType] { roots }
    /// The items that show: roots, and children of expanded items, depth first.
    public var visibleItems: [ItemIdentifierType] { roots.flatMap { subtree($0, onlyExpanded: true) } }

    private func subtree(_ item: ItemIdentifierType, onlyExpanded: Bool) -> [ItemIdentifierType] {
        var result = [item]
        if !onlyExpanded || expanded.contains(item) {
            for child in children[item] ?? [] { result += subtree(child, onlyExpanded: onlyExpanded) }
        }
        return result
    }

    /// Appends items at the top level, or as children of `parent`.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        for item in items where !contains(item) {
            if let parent {
                children[parent, default: []].append(item)
                parents[item] = parent
            } else {
                roots.append(item)
            }
        }
    }

    /// Whether the item is in the snapshot.
    public func contains(_ item: ItemIdentifierType) -> Bool {
        roots.contains(item) || parents[item] != nil
    }

    /// The parent of an item.
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { parents[child] }

    /// The depth of an item (0 at the top level).
    public func level(of item: ItemIdentifierType) -> Int {
        var level = 0
        var current = item
        while let parent = parents[current] {
            level += 1
            current = parent
        }
        return level
    }

    /// Expands items: their children show.
    public mutating func expand(_ items: [ItemIdentifierType]) { expanded.formUnion(items) }
    /// Collapses items.
    public mutating func collapse(_ items: [ItemIdentifierType]) { expanded.subtract(items) }
    /// Whether an item is expanded.
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }
    /// Whether an item shows.
    public func isVisible(_ item: ItemIdentifierType) -> Bool { visibleItems.contains(item) }

    /// Deletes items and their children.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items {
            for child in children[item] ?? [] { delete([child]) }
            children[item] = nil
            expanded.remove(item)
            if let parent = parents.removeValue(forKey: item) {
                children[parent]?.removeAll { $0 == item }
            } else {
                roots.removeAll { $0 == item }
            }
        }
    }

    /// Deletes everything.
    public mutating func deleteAll() { self = .init() }
}
