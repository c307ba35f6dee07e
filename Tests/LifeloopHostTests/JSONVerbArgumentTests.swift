import LifeloopHost
import LifeloopScenario
import Testing

/// JSON as the verb catalogue's value: a number given as `.int` or `.double` is the same
/// number to a verb, and a value is written for a scenario file and an error as before.
@Suite struct JSONVerbArgumentTests {
    @Test func aWholeNumberIsAnIntAndAnyOtherADouble() {
        #expect(JSON.number(3) == .int(3))
        #expect(JSON.number(-0.0) == .int(0))
        #expect(JSON.number(0.5) == .double(0.5))
        #expect(JSON.number(1e15) == .double(1e15))
        #expect(JSON.number(.infinity) == .double(.infinity))
    }

    @Test func anIntAndAWholeDoubleAreTheSameNumberToAVerb() throws {
        let longPress = try #require(VerbCatalogue.verb(scenarioKey: "longPress"))
        for at: JSON in [[3, 4], [.double(3), .double(4)], ["x": .double(3), "y": 4]] {
            #expect(try longPress.action(["at": at, "durationMs": .double(500)]) == .gesture(.longPress(.point(x: 3, y: 4), milliseconds: 500)))
            #expect(try longPress.action(["at": at, "durationMs": 500]) == .gesture(.longPress(.point(x: 3, y: 4), milliseconds: 500)))
        }
        for tooShort: JSON in [0, .double(0)] {
            let error = try #require(throws: VerbError.self) { try longPress.action(["target": "#a", "durationMs": tooShort]) }
            #expect(error.message == "longPress: 'durationMs' must be a number of milliseconds from 1 to 60000, not 0")
        }
        let select = try #require(VerbCatalogue.verb(scenarioKey: "selectText"))
        #expect(try select.action(["target": "F", "location": .double(1), "length": 2]) == .gesture(.selectText("F", location: 1, length: 2)))
        #expect(throws: VerbError.self) { try select.action(["target": "F", "location": .double(1.5), "length": 2]) }
    }

    @Test func flowTextSpacesWhatTextWritesCompactly() {
        let value: JSON = ["at": [1, .double(2.5), .double(3)], "name": "a \"b\"", "on": true, "none": nil]
        #expect(value.flowText == #"{"at": [1, 2.5, 3], "name": "a \"b\"", "none": null, "on": true}"#)
        #expect(value.text == #"{"at":[1,2.5,3],"name":"a \"b\"","none":null,"on":true}"#)
        #expect(JSON.double(.infinity).flowText == "inf")
    }

    @Test func plainTextIsAWordYAMLReadsAsText() {
        #expect(JSON.string("background").plainText == "background")
        #expect(JSON.string("yes").plainText == nil)
        #expect(JSON.string("16ms").plainText == nil)
        #expect(JSON.string("a b").plainText == nil)
        #expect(JSON.int(3).plainText == nil)
    }
}
