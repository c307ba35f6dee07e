import Foundation
import Lifeloop
import Testing
@testable import LifeloopScenario

/// `tapRow` on a collection view: by index path (`item:` or `row:`) and by a cell's text.
@Suite struct CollectionStepTests {
    final class Letters: CollectionViewDataSource, CollectionViewDelegate {
        var selected: [IndexPath] = []
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 60 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = "Item \(indexPath.item)"
            cell.contentConfiguration = content
            return cell
        }
        func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
            selected.append(indexPath)
        }
    }

    @Test func tapRowTapsACollectionsItemByIndexPathScrollingItIntoViewAndByText() throws {
        let app = try Application()
        let letters = Letters()
        let root = ViewController(label: "root")
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        collection.traceLabel = "grid"
        collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collection.dataSource = letters
        collection.delegate = letters
        root.view.addSubview(collection)
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = root
        window.makeKeyAndVisible()
        try app.settle()

        #expect(ListStep.tapRowAt(view: "grid", section: 0, row: 50).perform(in: app) == nil)
        #expect(letters.selected == [IndexPath(item: 50, section: 0)])
        #expect(collection.indexPathsForVisibleItems.contains(IndexPath(item: 50, section: 0)))
        try app.settle()
        #expect(ListStep.tapRowWithText(view: "grid", text: "Item 49").perform(in: app) == nil)
        #expect(letters.selected.last == IndexPath(item: 49, section: 0))
        #expect(ListStep.tapRowAt(view: "grid", section: 0, row: 99).perform(in: app)?.contains("has no item 99 in section 0") == true)
        #expect(ListStep.tapRowWithText(view: "grid", text: "Nope").perform(in: app)?.contains("no shown item of 'grid' reads 'Nope'") == true)
    }

    @Test func tapRowReadsItemAsRowAndRefusesBoth() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {storyboard: ../SeedSegue/Main.storyboard.json}
            script:
              - tapRow: {view: grid, section: 1, item: 4}
            """)
        #expect(runner.scenario.steps.first.map { "\($0.action)" }?.contains("tapRowAt(view: \"grid\", section: 1, row: 4)") == true)
        do {
            _ = try Fixtures.runner(yaml: """
                lifeloop: 1
                app: {storyboard: ../SeedSegue/Main.storyboard.json}
                script:
                  - tapRow: {view: grid, row: 1, item: 4}
                """)
            Issue.record("row and item together were read")
        } catch let error as ScenarioError {
            #expect(error.description.contains("tapRow takes row: or item: (its synonym), not both"), "\(error)")
        }
    }
}
