import Foundation
import Testing
import UIKit

/// Text, fonts, attributed strings and the Swift 3 and 4 spellings, written as apps write them.
@Suite("Text and fonts")
struct TextAndFontsTests {
    @Test func boundingRectWrapsWithLineFragmentOrigin() {
        let font = UIFont.systemFont(ofSize: 17)
        let text = "A fairly long sentence that must wrap onto several lines in a narrow column"
        let oneLine = text.boundingRect(with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
                                        options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        let wrapped = text.boundingRect(with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude),
                                        options: [.usesLineFragmentOrigin, .usesFontLeading],
                                        attributes: [NSFontAttributeName: font], context: nil)
        #expect(oneLine.height == font.lineHeight)
        #expect(wrapped.height > font.lineHeight * 2)
        #expect(wrapped.width <= 120)
        let attributed = NSAttributedString(string: text, attributes: [.font: font])
        #expect(attributed.boundingRect(with: CGSize(width: 120, height: 1000), options: .usesLineFragmentOrigin,
                                        context: nil).height == wrapped.height)
        let context = NSStringDrawingContext()
        _ = (text as NSString).boundingRect(with: CGSize(width: 120, height: 1000), options: .usesLineFragmentOrigin,
                                            attributes: [.font: font], context: context)
        #expect(context.totalBounds.height == wrapped.height)
    }

    @Test func attachmentsTabsAndContainers() {
        let attachment = NSTextAttachment()
        attachment.bounds = CGRect(x: 0, y: -2, width: 14, height: 14)
        let string = NSAttributedString(attachment: attachment)
        #expect(string.length == 1)
        #expect(string.attribute(NSAttachmentAttributeName, at: 0, effectiveRange: nil) as? NSTextAttachment === attachment)
        let style = NSMutableParagraphStyle()
        #expect(style.tabStops.count == 12)
        style.tabStops = [NSTextTab(textAlignment: .right, location: 200, options: [:])]
        #expect(style.tabStops.map(\.location) == [200])
        let container = NSTextContainer(size: CGSize(width: 100, height: 50))
        container.lineFragmentPadding = 0
        container.maximumNumberOfLines = 2
        let textView = UITextView(frame: .zero, textContainer: container)
        #expect(textView.textContainer.maximumNumberOfLines == 2)
        textView.dataDetectorTypes = [.link, .phoneNumber]
        #expect(textView.dataDetectorTypes.contains(.link))
    }

    @Test func fontDescriptorsMakeBoldAndItalicFonts() {
        let body = UIFont.preferredFont(forTextStyle: .body)
        let descriptor = body.fontDescriptor.withSymbolicTraits([.traitBold, .traitItalic])!
        let bold = UIFont(descriptor: descriptor, size: 0)
        #expect(bold.pointSize == body.pointSize)
        #expect(bold.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(bold.fontDescriptor.symbolicTraits.contains(.traitItalic))
        let rounded = UIFont(descriptor: UIFont.systemFont(ofSize: 20).fontDescriptor.withDesign(.monospaced)!, size: 24)
        #expect(rounded.pointSize == 24)
        #expect(rounded.fontDescriptor.symbolicTraits.contains(.traitMonoSpace))
        let heavy = UIFontDescriptor(fontAttributes: [.family: "Helvetica",
                                                      .traits: [UIFontDescriptor.TraitKey.weight: UIFont.Weight.heavy]])
        #expect(UIFont(descriptor: heavy, size: 12).weight == .heavy)
        #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline).pointSize == 17)
        #expect(UIFont.familyNames.contains("Helvetica"))
        #expect(UIFont.fontNames(forFamilyName: "Helvetica").contains("Helvetica-Bold"))
        #expect(UIFont.smallSystemFontSize < UIFont.labelFontSize)
        #expect(UIFontWeightBold == UIFont.Weight.bold)
    }

    @Test func labelsAndFieldsTakeAttributedText() {
        let label = UILabel()
        label.attributedText = NSAttributedString(string: "Hello", attributes: [.font: UIFont.boldSystemFont(ofSize: 22)])
        #expect(label.text == "Hello")
        #expect(label.font.pointSize == 22)
        label.adjustsFontForContentSizeCategory = true
        #expect(label.adjustsFontForContentSizeCategory)
        let field = UITextField()
        field.attributedPlaceholder = NSAttributedString(string: "Email", attributes: [.foregroundColor: UIColor.gray])
        #expect(field.placeholder == "Email")
        field.text = "hello"
        #expect(field.attributedText?.string == "hello")
        field.textContentType = .emailAddress
        field.keyboardAppearance = .dark
        field.enablesReturnKeyAutomatically = true
        let toolbar = UIView()
        field.inputAccessoryView = toolbar
        #expect(field.inputAccessoryView === toolbar)
        #expect(UIResponder().inputAccessoryView == nil)
        #expect(field.textContentType == UITextContentType("email"))
        #expect(UITextInputMode.activeInputModes.isEmpty)
    }

    @Test func textPositionsAreCharacterOffsets() {
        let field = UITextField()
        field.text = "abcdef"
        let start = field.position(from: field.beginningOfDocument, offset: 2)!
        let end = field.position(from: start, offset: 3)!
        #expect(field.offset(from: field.beginningOfDocument, to: field.endOfDocument) == 6)
        #expect(field.position(from: field.endOfDocument, offset: 1) == nil)
        field.selectedTextRange = field.textRange(from: start, to: end)
        let selected = field.selectedTextRange!
        #expect(field.offset(from: field.beginningOfDocument, to: selected.start) == 2)
        #expect(field.offset(from: selected.start, to: selected.end) == 3)
        #expect(!selected.isEmpty)
    }

    @Test func foundationOnIOSNames() {
        let table = NSHashTable<UIView>.weakObjects()
        let kept = UIView()
        table.add(kept)
        do { let gone = UIView(); table.add(gone) }
        #expect(table.count == 1)
        #expect(table.allObjects.first === kept)
        table.remove(kept)
        #expect(table.count == 0)
        let change: [NSKeyValueChangeKey: Any] = [.newKey: 1]
        #expect(change[.newKey] as? Int == 1)
        let size: NSInteger = 3
        #expect(size == 3)
    }

    @Test func swift4SpellingsNameTheSameThings() {
        let options: UIViewAnimationOptions = [.curveEaseInOut]
        #expect(options == UIView.AnimationOptions.curveEaseInOut)
        let state: UIControlState = .normal
        #expect(state == UIControl.State.normal)
        let events: UIControlEvents = .touchUpInside
        #expect(events == UIControl.Event.touchUpInside)
        #expect(UITableViewAutomaticDimension == UITableView.automaticDimension)
        let style: UIAlertControllerStyle = .actionSheet
        #expect(style == UIAlertController.Style.actionSheet)
        #expect(NSNotification.Name.UIApplicationDidBecomeActive == UIApplication.didBecomeActiveNotification)
        #expect(UIImagePickerControllerOriginalImage == UIImagePickerController.InfoKey.originalImage)
        #expect(NSForegroundColorAttributeName == NSAttributedString.Key.foregroundColor)
    }
}
