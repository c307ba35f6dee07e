import LifeloopCore

/// The element tree written out: as JSON (what the daemon and the MCP server send), as the
/// page source XML Appium's XCUITest driver writes (so tools that read that format read
/// Lifeloop), and as compact text for agents, one element a line.
extension ElementTree {
    // MARK: JSON

    /// The tree as one JSON object, nested: the application with its `children`. Each
    /// element has `id`, `type`, `class`, `label`, `identifier`, `frame` ([x, y, width,
    /// height] in window points), `screenFrame`, `enabled`, `selected`, `focused`,
    /// `hittable`, `visible`, `accessible`, `window` and `traits`, and when it has them
    /// `value`, `placeholder`, `hint`, `viewLabel`, `controller` and `indexPath`. Keys are
    /// in sorted order, so the same tree is always the same bytes.
    public func json() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(elements.count * 220)
        if !elements.isEmpty { writeJSON(0, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    private func writeJSON(_ index: Int, into out: inout [UInt8]) {
        let element = elements[index]
        var first = true
        func key(_ name: String) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            Self.writeString(name, into: &out)
            out.append(UInt8(ascii: ":"))
        }
        func bool(_ name: String, _ value: Bool) {
            key(name)
            out.append(contentsOf: (value ? "true" : "false").utf8)
        }
        func string(_ name: String, _ value: String?) {
            guard let value else { return }
            key(name)
            Self.writeString(value, into: &out)
        }
        func rect(_ name: String, _ rect: Rect) {
            key(name)
            out.append(UInt8(ascii: "["))
            Self.writeNumber(rect.minX, into: &out)
            out.append(UInt8(ascii: ","))
            Self.writeNumber(rect.minY, into: &out)
            out.append(UInt8(ascii: ","))
            Self.writeNumber(rect.width, into: &out)
            out.append(UInt8(ascii: ","))
            Self.writeNumber(rect.height, into: &out)
            out.append(UInt8(ascii: "]"))
        }
        bool("accessible", element.isAccessibilityElement)
        let children = self.children(of: index)
        if !children.isEmpty {
            key("children")
            out.append(UInt8(ascii: "["))
            for (position, child) in children.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                writeJSON(child, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        string("class", element.className)
        string("controller", element.controller)
        bool("enabled", element.isEnabled)
        bool("focused", element.isFocused)
        rect("frame", element.frame)
        string("hint", element.hint)
        bool("hittable", element.isHittable)
        string("id", element.id.description)
        string("identifier", element.identifier)
        if let path = element.indexPath {
            key("indexPath")
            out.append(contentsOf: "[\(path.map(String.init).joined(separator: ","))]".utf8)
        }
        string("label", element.label)
        string("placeholder", element.placeholder)
        rect("screenFrame", element.screenFrame)
        bool("selected", element.isSelected)
        key("traits")
        out.append(UInt8(ascii: "["))
        for (position, name) in element.traits.names.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            Self.writeString(name, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        string("type", element.type.rawValue)
        string("value", element.value)
        string("viewLabel", element.viewLabel)
        bool("visible", element.isVisible)
        string("window", element.window)
        out.append(UInt8(ascii: "}"))
    }

    // MARK: Appium's page source

    /// The tree as the page source Appium's XCUITest driver returns: an `AppiumAUT`
    /// element holding one `XCUIElementType…` element per element, each with the driver's
    /// documented attributes (`type`, `name`, `label`, `value`, `placeholderValue`,
    /// `enabled`, `visible`, `accessible`, `selected`, `focused`, `hittable`, `x`, `y`,
    /// `width`, `height`, `index`) and Lifeloop's `id`. `name` is the identifier, else the
    /// label, as the driver's is; coordinates are screen points, rounded down as the driver
    /// writes them.
    public func appiumPageSource() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n"
        out.reserveCapacity(elements.count * 260)
        if !elements.isEmpty { writeXML(0, index: 0, into: &out) }
        out += "</AppiumAUT>\n"
        return out
    }

    private func writeXML(_ position: Int, index: Int, into out: inout String) {
        let element = elements[position]
        let indent = String(repeating: "  ", count: element.depth + 1)
        let tag = element.type.xcuiName
        out += indent + "<" + tag + " type=\"" + tag + "\""
        let name = element.identifier.isEmpty ? element.label : element.identifier
        if !name.isEmpty { out += " name=\"" + Self.xmlEscaped(name) + "\"" }
        if !element.label.isEmpty { out += " label=\"" + Self.xmlEscaped(element.label) + "\"" }
        if let value = element.value { out += " value=\"" + Self.xmlEscaped(value) + "\"" }
        if let placeholder = element.placeholder { out += " placeholderValue=\"" + Self.xmlEscaped(placeholder) + "\"" }
        func flag(_ name: String, _ value: Bool) { out += " " + name + "=\"" + (value ? "true" : "false") + "\"" }
        flag("enabled", element.isEnabled)
        flag("visible", element.isVisible)
        flag("accessible", element.isAccessibilityElement)
        flag("selected", element.isSelected)
        flag("focused", element.isFocused)
        flag("hittable", element.isHittable)
        let frame = element.screenFrame
        out += " x=\"\(Int(frame.minX.rounded(.down)))\" y=\"\(Int(frame.minY.rounded(.down)))\""
        out += " width=\"\(Int(frame.width.rounded(.down)))\" height=\"\(Int(frame.height.rounded(.down)))\""
        out += " index=\"\(index)\" id=\"" + element.id.description + "\""
        let children = self.children(of: position)
        if children.isEmpty {
            out += "/>\n"
        } else {
            out += ">\n"
            for (childIndex, child) in children.enumerated() { writeXML(child, index: childIndex, into: &out) }
            out += indent + "</" + tag + ">\n"
        }
    }

    static func xmlEscaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                // XML 1.0 has no other control characters.
                if scalar.value < 0x20 { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: Compact text

    /// The tree as text for agents: one element a line, indented one space a level, as
    /// `@e12 button "Save" #save value="1" [x,y,w,h]` and the flags that are not the usual
    /// (`selected`, `focused`, `disabled`, `offscreen`, `covered` for a visible element a
    /// tap would not reach), `row=section,row` for a cell, `placeholder="…"` for an empty
    /// field. Texts are clipped to 80 characters. Plain views with nothing to say (no label,
    /// identifier or value, not hittable differently from their parent) are kept: they
    /// carry the structure, and the line is short.
    public func compactText() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(elements.count * 64)
        for element in elements where element.type != .application {
            for _ in 1..<max(1, element.depth) { out.append(UInt8(ascii: " ")) }
            out.append(UInt8(ascii: "@"))
            out.append(contentsOf: element.id.description.utf8)
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: element.type.rawValue.utf8)
            if element.type == .other || element.type == .window {
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: element.className.utf8)
            }
            if !element.label.isEmpty {
                out.append(UInt8(ascii: " "))
                Self.writeString(Self.clip(element.label), into: &out)
            }
            if !element.identifier.isEmpty {
                out.append(contentsOf: " #".utf8)
                out.append(contentsOf: element.identifier.utf8)
            }
            if let value = element.value, value != element.placeholder || element.placeholder == nil {
                out.append(contentsOf: " value=".utf8)
                Self.writeString(Self.clip(value), into: &out)
            }
            if let placeholder = element.placeholder, !placeholder.isEmpty {
                out.append(contentsOf: " placeholder=".utf8)
                Self.writeString(Self.clip(placeholder), into: &out)
            }
            out.append(contentsOf: " [".utf8)
            Self.writeNumber(element.frame.minX, into: &out)
            out.append(UInt8(ascii: ","))
            Self.writeNumber(element.frame.minY, into: &out)
            out.append(UInt8(ascii: ","))
            Self.writeNumber(element.frame.width, into: &out)
            out.append(UInt8(ascii: ","))
            Self.writeNumber(element.frame.height, into: &out)
            out.append(UInt8(ascii: "]"))
            if let path = element.indexPath {
                out.append(contentsOf: " row=".utf8)
                out.append(contentsOf: path.map(String.init).joined(separator: ",").utf8)
            }
            if element.isSelected { out.append(contentsOf: " selected".utf8) }
            if element.isFocused { out.append(contentsOf: " focused".utf8) }
            if !element.isEnabled { out.append(contentsOf: " disabled".utf8) }
            if !element.isVisible {
                out.append(contentsOf: " offscreen".utf8)
            } else if !element.isHittable && element.type.takesTaps {
                out.append(contentsOf: " covered".utf8)
            }
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func clip(_ text: String) -> String {
        guard text.utf8.count > 80, text.count > 80 else { return text }
        return String(text.prefix(79)) + "…"
    }

    // MARK: Writing

    /// A JSON string (LifeloopCore's one writer of them).
    @inline(__always)
    static func writeString(_ text: String, into out: inout [UInt8]) {
        JSONText.appendQuoted(text, to: &out)
    }

    /// A coordinate rounded to 0.01, written without a fraction when it has none.
    static func writeNumber(_ value: CGFloat, into out: inout [UInt8]) {
        let double = Double(value)
        guard double.isFinite else {
            out.append(UInt8(ascii: "0"))
            return
        }
        let hundredths = (double * 100).rounded()
        if hundredths.magnitude < 1e15, hundredths == (hundredths / 100).rounded() * 100 {
            out.append(contentsOf: String(Int64(hundredths / 100)).utf8)
        } else {
            out.append(contentsOf: String(hundredths / 100).utf8)
        }
    }
}

extension AccessibilityTraits {
    /// The traits' names, as UIKit spells them (`button`, `staticText`, `notEnabled`…).
    public var names: [String] {
        let all: [(AccessibilityTraits, String)] = [
            (.button, "button"), (.link, "link"), (.image, "image"), (.selected, "selected"), (.playsSound, "playsSound"),
            (.keyboardKey, "keyboardKey"), (.staticText, "staticText"), (.summaryElement, "summaryElement"),
            (.notEnabled, "notEnabled"), (.updatesFrequently, "updatesFrequently"), (.searchField, "searchField"),
            (.startsMediaSession, "startsMediaSession"), (.adjustable, "adjustable"),
            (.allowsDirectInteraction, "allowsDirectInteraction"), (.causesPageTurn, "causesPageTurn"), (.tabBar, "tabBar"),
            (.header, "header"),
        ]
        return all.compactMap { contains($0.0) ? $0.1 : nil }
    }
}
