import Foundation
import Lifeloop
import Testing
@testable import LifeloopScenario

/// `drag` with `at:` on a collection view: a finger in a band that scrolls sideways drags
/// the band, elsewhere the collection.
@Suite struct OrthogonalDragStepTests {
    final class Numbers: CollectionViewDataSource {
        func numberOfSections(in collectionView: CollectionView) -> Int { 2 }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    @Test func aDragAtAPointInABandScrollsTheBandAndElsewhereTheCollection() throws {
        let app = try Application()
        let numbers = Numbers()
        let root = ViewController(label: "root")
        // Section 0: a band of 150 × 100 groups, 10 apart (1590 wide); section 1: rows of 100.
        let layout = CollectionViewCompositionalLayout { index, _ in
            let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
            let wide = index == 0
            let group = CollectionLayoutGroup.horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: wide ? .absolute(150) : .fractionalWidth(1),
                                                 heightDimension: .absolute(100)), subitems: [item])
            let section = CollectionLayoutSection(group: group)
            if wide {
                section.interGroupSpacing = 10
                section.orthogonalScrollingBehavior = .continuous
            }
            return section
        }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        collection.traceLabel = "grid"
        collection.contentInsetAdjustmentBehavior = .never
        collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collection.dataSource = numbers
        root.view.addSubview(collection)
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = root
        window.makeKeyAndVisible()
        try app.settle()
        let band = try #require(collection.scrollViewForDrag(at: Point(x: 100, y: 50)) as ScrollView?)
        #expect(band !== collection)

        #expect(ListStep.drag(view: "grid", by: [-200, -30], velocity: [0, 0], at: [100, 50]).perform(in: app) == nil)
        try app.settle()
        #expect(band.contentOffset == Point(x: 200, y: 0))
        #expect(collection.contentOffset == Point(x: 0, y: 0))

        // Below the band (y 150 is in section 1's rows) the collection scrolls.
        #expect(ListStep.drag(view: "grid", by: [0, -100], velocity: [0, 0], at: [100, 150]).perform(in: app) == nil)
        try app.settle()
        #expect(collection.contentOffset == Point(x: 0, y: 100))
        #expect(band.contentOffset == Point(x: 200, y: 0))
    }

    @Test func atIsReadFromAScript() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {storyboard: ../SeedSegue/Main.storyboard.json}
            script:
              - drag: {view: grid, at: [10, 20], by: [-50, 0]}
            """)
        #expect(runner.scenario.steps.first.map { "\($0.action)" }?.contains("at: Optional([10.0, 20.0])") == true)
    }
}
