import Testing
@testable import Lifeloop

/// Prefetching (iOS 10's `prefetchDataSource`): off by default; when the app turns it on,
/// one visible length ahead in the scroll direction, each index path told once, and
/// cancelled when the scroll turns back before it shows.
@Suite("Prefetching")
struct PrefetchingTests {
    /// 100 rows (or items) of 44 points; logs what it is told.
    final class Source: TableViewDataSource, TableViewDataSourcePrefetching, CollectionViewDataSource,
                        CollectionViewDataSourcePrefetching {
        var log: [String] = []

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 100 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        }
        func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
            log.append("prefetch " + indexPaths.map(\.listDescription).joined(separator: " "))
        }
        func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
            log.append("cancel " + indexPaths.map(\.listDescription).joined(separator: " "))
        }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 100 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
            log.append("prefetch " + indexPaths.map(\.listDescription).joined(separator: " "))
        }
        func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
            log.append("cancel " + indexPaths.map(\.listDescription).joined(separator: " "))
        }
    }

    final class TableHost: ViewController {
        lazy var table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        override func viewDidLoad() {
            table.traceLabel = "table"
            table.contentInsetAdjustmentBehavior = .never
            table.rowHeight = 44
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            view.addSubview(table)
        }
    }

    final class CollectionHost: ViewController {
        let layout = CollectionViewFlowLayout()
        lazy var collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        override func viewDidLoad() {
            collection.traceLabel = "collection"
            collection.contentInsetAdjustmentBehavior = .never
            layout.itemSize = Size(width: 320, height: 44)
            layout.minimumLineSpacing = 0
            collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            view.addSubview(collection)
        }
    }

    private static func rows(_ range: ClosedRange<Int>, reversed: Bool = false) -> String {
        let paths = range.map { "[0,\($0)]" }
        return (reversed ? paths.reversed() : paths).joined(separator: " ")
    }

    /// Shows a table of 100 44-point rows, 10 visible, scrolls it through `offsets` (a
    /// layout pass at each), and returns what the prefetch data source was told.
    private func tableRun(prefetching: Bool?, uikitVersion: UIKitVersion = .default, enabled: Bool = true,
                          offsets: [Double]) throws -> (log: [String], trace: [String], optionWasOn: Bool) {
        let app = try Application()
        app.uikitVersion = uikitVersion
        if let prefetching { app.prefetchesListContent = prefetching }
        let source = Source()
        let host = TableHost(nibName: nil, bundle: nil)
        _ = host.view
        host.table.dataSource = source
        host.table.prefetchDataSource = source
        host.table.isPrefetchingEnabled = enabled
        _ = try showInWindow(host, app: app)
        for offset in offsets {
            host.table.contentOffset = Point(x: 0, y: offset)
            try app.settle()
        }
        return (source.log, app.trace.events.map { "\($0.line) \($0.detail)" }, app.prefetchesListContent)
    }

    @Test
    func L34_nothingIsPrefetchedByDefault() throws {
        let run = try tableRun(prefetching: nil, offsets: [100, 400, 50])
        #expect(!run.optionWasOn)
        #expect(run.log.isEmpty)
        #expect(!run.trace.contains { $0.contains("refetch") })
    }

    @Test
    func aTableTellsTheNextScreenfulOnceAndCancelsWhenTheScrollTurnsBack() throws {
        let run = try tableRun(prefetching: true, offsets: [100, 300, 250])
        #expect(run.log == [
            // Shown: rows 0-9 (0..440); ahead 440..880: rows 10-19.
            "prefetch " + Self.rows(10...19),
            // At 100: rows 2-12 show; ahead 540..980: rows 12-22, of which 20-22 are new.
            "prefetch " + Self.rows(20...22),
            // At 300: rows 6-16 show; ahead 740..1180: rows 16-26, of which 23-26 are new.
            "prefetch " + Self.rows(23...26),
            // At 250, up: the rows told and not shown (17-26) are cancelled; ahead
            // -190..250 is rows 0-5, of which 0-4 are not shown, nearest first.
            "cancel " + Self.rows(17...26),
            "prefetch " + Self.rows(0...4, reversed: true),
        ])
        #expect(run.trace.contains("table prefetchRowsAt " + Self.rows(10...19)))
    }

    @Test
    func prefetchingIsTheSameRunAgainstRun() throws {
        let offsets: [Double] = [30, 200, 1000, 900, 2000, 1990, 0]
        let first = try tableRun(prefetching: true, offsets: offsets)
        #expect(!first.log.isEmpty)
        let second = try tableRun(prefetching: true, offsets: offsets)
        #expect(first.log == second.log)
        #expect(first.trace == second.trace)
    }

    @Test
    func aTableWithPrefetchingDisabledOrBeforeIOS10IsToldNothing() throws {
        #expect(try tableRun(prefetching: true, enabled: false, offsets: [100]).log.isEmpty)
        #expect(try tableRun(prefetching: true, uikitVersion: UIKitVersion(major: 9)!, offsets: [100]).log.isEmpty)
    }

    @Test
    func aCollectionTellsTheNextScreenfulAndCancelsWhenTheScrollTurnsBack() throws {
        let app = try Application()
        app.prefetchesListContent = true
        let source = Source()
        let host = CollectionHost(nibName: nil, bundle: nil)
        _ = host.view
        host.collection.dataSource = source
        host.collection.prefetchDataSource = source
        _ = try showInWindow(host, app: app)
        host.collection.contentOffset = Point(x: 0, y: 100)
        try app.settle()
        host.collection.contentOffset = Point(x: 0, y: 60)
        try app.settle()
        #expect(source.log == [
            "prefetch " + Self.rows(10...19),
            "prefetch " + Self.rows(20...22),
            "cancel " + Self.rows(13...22),
            "prefetch " + Self.rows(0...0),
        ])
    }

    @Test
    func L34_aCollectionIsToldNothingByDefault() throws {
        let app = try Application()
        let source = Source()
        let host = CollectionHost(nibName: nil, bundle: nil)
        _ = host.view
        host.collection.dataSource = source
        host.collection.prefetchDataSource = source
        _ = try showInWindow(host, app: app)
        for offset in [100.0, 600, 20] {
            host.collection.contentOffset = Point(x: 0, y: offset)
            try app.settle()
        }
        #expect(source.log.isEmpty)
    }
}
