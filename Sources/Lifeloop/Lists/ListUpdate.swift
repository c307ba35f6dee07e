import Foundation

/// The changes of one batch update of a list, as UIKit takes them: deletes, reloads and
/// move sources in index paths before the change; inserts and move destinations after.
struct ListUpdate {
    var rowInserts: [IndexPath] = []
    var rowDeletes: [IndexPath] = []
    var rowReloads: [IndexPath] = []
    var rowMoves: [(from: IndexPath, to: IndexPath)] = []
    var sectionInserts = IndexSet()
    var sectionDeletes = IndexSet()
    var sectionReloads = IndexSet()
    var sectionMoves: [(from: Int, to: Int)] = []
    /// How a table animates each change (ListAnimation.swift).
    var animations = RowAnimationChoices()
}

/// A batch update checked against the counts before and after it, and the map from each
/// old index path to its new one. The checks and messages are UIKit's (its
/// `NSInternalInconsistencyException` texts); a list reloads instead of raising.
///
/// Mapping costs O(changes) per index path, never O(items): a row's new index is its rank
/// among the rows that stay, placed among the inserted and moved-in rows.
struct ListUpdatePlan {
    /// What does not add up, in UIKit's words; nil when the update is consistent.
    private(set) var problem: String?
    private let sectionMap: [Int?]
    private let removedRows: [Int: [Int]]
    private let occupiedRows: [Int: [Int]]
    private let moves: [IndexPath: IndexPath]
    private let deleted: Set<IndexPath>
    private let reloaded: Set<IndexPath>
    private let reloadedSections: Set<Int>
    /// Old section per new section, and move sources per destination (for
    /// ``oldIndexPath(for:)``).
    private let sourceSections: [Int: Int]
    private let moveSources: [IndexPath: IndexPath]

    init(update: ListUpdate, oldCounts: [Int], newCounts: [Int], unit: String) {
        let oldSections = oldCounts.count
        let newSections = newCounts.count
        var problem: String?
        func note(_ text: String) { if problem == nil { problem = text } }

        // Sections.
        let movedFrom = update.sectionMoves.map(\.from)
        let movedTo = update.sectionMoves.map(\.to)
        let removedSections = Array(Set(Array(update.sectionDeletes) + movedFrom)).sorted()
        let occupiedSections = Array(Set(Array(update.sectionInserts) + movedTo)).sorted()
        for section in update.sectionDeletes where section >= oldSections {
            note("attempt to delete section \(section), but there are only \(oldSections) sections before the update")
        }
        for section in update.sectionInserts where section >= newSections {
            note("attempt to insert section \(section) but there are only \(newSections) sections after the update")
        }
        let expectedSections = oldSections - update.sectionDeletes.count + update.sectionInserts.count
        if expectedSections != newSections {
            note("Invalid update: invalid number of sections. The number of sections contained in the list after the "
                + "update (\(newSections)) must be equal to the number of sections contained in the list before the "
                + "update (\(oldSections)), plus or minus the number of sections inserted or deleted "
                + "(\(update.sectionInserts.count) inserted, \(update.sectionDeletes.count) deleted).")
        }
        var sectionMap = [Int?](repeating: nil, count: oldSections)
        let sectionMoveMap = Dictionary(update.sectionMoves.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
        for old in 0..<oldSections {
            if let target = sectionMoveMap[old] { sectionMap[old] = target; continue }
            if update.sectionDeletes.contains(old) { continue }
            let rank = old - removedSections.prefix { $0 < old }.count
            sectionMap[old] = Self.place(rank, among: occupiedSections)
        }
        self.sectionMap = sectionMap
        var sourceSections: [Int: Int] = [:]
        for (old, new) in sectionMap.enumerated() { if let new { sourceSections[new] = old } }
        self.sourceSections = sourceSections
        self.moveSources = Dictionary(update.rowMoves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        self.reloadedSections = Set(update.sectionReloads)

        // Rows.
        var removed: [Int: [Int]] = [:]
        var occupied: [Int: [Int]] = [:]
        for path in update.rowDeletes { removed[path.section, default: []].append(path.row) }
        for move in update.rowMoves { removed[move.from.section, default: []].append(move.from.row) }
        for path in update.rowInserts { occupied[path.section, default: []].append(path.row) }
        for move in update.rowMoves { occupied[move.to.section, default: []].append(move.to.row) }
        for key in removed.keys { removed[key] = Array(Set(removed[key]!)).sorted() }
        for key in occupied.keys { occupied[key] = Array(Set(occupied[key]!)).sorted() }
        self.removedRows = removed
        self.occupiedRows = occupied
        self.moves = Dictionary(update.rowMoves.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
        self.deleted = Set(update.rowDeletes)
        self.reloaded = Set(update.rowReloads)

        for path in (update.rowDeletes + update.rowReloads + update.rowMoves.map(\.from)).sorted() {
            let count = path.section >= 0 && path.section < oldSections ? oldCounts[path.section] : 0
            if path.count != 2 || path.row < 0 || path.row >= count {
                note("attempt to delete \(unit) \(path.count == 2 ? path.row : -1) from section \(path.count == 2 ? path.section : -1) "
                    + "which only contains \(count) \(unit)s before the update")
            }
        }
        for path in (update.rowInserts + update.rowMoves.map(\.to)).sorted() {
            let count = path.section >= 0 && path.section < newSections ? newCounts[path.section] : 0
            if path.count != 2 || path.row < 0 || path.row >= count {
                note("attempt to insert \(unit) \(path.count == 2 ? path.row : -1) into section \(path.count == 2 ? path.section : -1), "
                    + "but there are only \(count) \(unit)s in section \(path.count == 2 ? path.section : -1) after the update")
            }
        }
        if problem == nil {
            let inserted = Set(update.sectionInserts)
            let reloadedTargets = Set(update.sectionReloads.compactMap { $0 < oldSections ? sectionMap[$0] : nil })
            for old in 0..<oldSections {
                guard let target = sectionMap[old], target < newSections, !inserted.contains(target),
                      !reloadedTargets.contains(target) else { continue }
                let insertsHere = update.rowInserts.filter { $0.section == target }.count
                let deletesHere = update.rowDeletes.filter { $0.section == old }.count
                let movedIn = update.rowMoves.filter { $0.to.section == target && $0.from.section != old }.count
                let movedOut = update.rowMoves.filter { $0.from.section == old && $0.to.section != target }.count
                let expected = oldCounts[old] + insertsHere - deletesHere + movedIn - movedOut
                if expected != newCounts[target] {
                    note("Invalid update: invalid number of \(unit)s in section \(target). The number of \(unit)s "
                        + "contained in an existing section after the update (\(newCounts[target])) must be equal to "
                        + "the number of \(unit)s contained in that section before the update (\(oldCounts[old])), plus "
                        + "or minus the number of \(unit)s inserted or deleted from that section (\(insertsHere) "
                        + "inserted, \(deletesHere) deleted) and plus or minus the number of \(unit)s moved into or out "
                        + "of that section (\(movedIn) moved in, \(movedOut) moved out).")
                    break
                }
            }
        }
        self.problem = problem
    }

    /// The plan of moving one row or item in a list's own record of its counts, without
    /// asking its data source (a reorder drag, an interactive movement), and the counts
    /// after it; nil when the move does not fit the counts.
    static func inPlaceMove(from: IndexPath, to: IndexPath, counts: [Int], unit: String) -> (plan: ListUpdatePlan, newCounts: [Int])? {
        var update = ListUpdate()
        update.rowMoves = [(from, to)]
        var newCounts = counts
        if from.section != to.section {
            newCounts[from.section] -= 1
            newCounts[to.section] += 1
        }
        let plan = ListUpdatePlan(update: update, oldCounts: counts, newCounts: newCounts, unit: unit)
        guard plan.problem == nil else { return nil }
        return (plan, newCounts)
    }

    /// The `rank`-th position (0-based) not taken by `occupied` (sorted).
    private static func place(_ rank: Int, among occupied: [Int]) -> Int {
        var position = rank
        for taken in occupied {
            if taken <= position { position += 1 } else { break }
        }
        return position
    }

    /// Whether the row was reloaded (or its section was).
    func isReloaded(_ path: IndexPath) -> Bool {
        reloaded.contains(path) || reloadedSections.contains(path.section)
    }

    /// Where the section `old` is after the update; nil when it was deleted.
    func newSection(for old: Int) -> Int? {
        old >= 0 && old < sectionMap.count ? sectionMap[old] : nil
    }

    /// Where the new `path` was before the update; nil when it was inserted (or its
    /// section was).
    func oldIndexPath(for path: IndexPath) -> IndexPath? {
        guard path.count == 2 else { return nil }
        if let source = moveSources[path] { return source }
        guard let section = sourceSections[path.section] else { return nil }
        let occupied = occupiedRows[path.section] ?? []
        if occupied.contains(path.row) { return nil }
        let rank = path.row - occupied.prefix { $0 < path.row }.count
        return IndexPath(row: Self.place(rank, among: removedRows[section] ?? []), section: section)
    }

    /// Where the old `path` is after the update; nil when it was deleted (or its section).
    func newIndexPath(for path: IndexPath) -> IndexPath? {
        guard path.count == 2, path.section >= 0, path.section < sectionMap.count else { return nil }
        if let target = moves[path] { return target }
        guard let section = sectionMap[path.section], !deleted.contains(path) else { return nil }
        let removed = removedRows[path.section] ?? []
        let rank = path.row - removed.prefix { $0 < path.row }.count
        return IndexPath(row: Self.place(rank, among: occupiedRows[section] ?? []), section: section)
    }
}
