import Lifeloop

// The appearance verb: the app's light or dark appearance and its Dynamic Type text size,
// as the user's settings change them (L40).
extension VerbCatalogue {
    static let appearanceVerbs: [Verb] = [
        Verb(name: "appearance",
             summary: "Changes the app's appearance (style light or dark) and/or its Dynamic Type text size (contentSize, UIKit's category names such as large or accessibilityMedium), as the user's settings do: views and controllers hear the trait change, labels that adjust their font take the new size.",
             parameters: [.init("style", .choice(["light", "dark"]), "light or dark"),
                          .init("contentSize", .choice(ContentSizeCategory.names), "The text size: \(ContentSizeCategory.names.joined(separator: ", "))")],
             primary: "style", tool: .own("appearance"), spelling: VerbSpelling(written: .object)) { arguments throws(VerbError) in
            let style = arguments.text("style").map { $0 == "dark" ? TraitCollection.Style.dark : .light }
            var contentSize: ContentSizeCategory?
            if let name = arguments.text("contentSize") {
                guard let category = ContentSizeCategory(named: name) else {
                    throw VerbError("appearance: 'contentSize' is one of \(ContentSizeCategory.names.joined(separator: ", "))",
                                    parameter: "contentSize")
                }
                contentSize = category
            }
            guard style != nil || contentSize != nil else {
                throw VerbError("appearance: give a style (light or dark), a contentSize, or both", parameter: "style", isMissing: true)
            }
            return .appearance(style: style, contentSize: contentSize)
        },
    ]
}
