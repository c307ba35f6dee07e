// UIKit's names for the text, font and text-input pieces in Lifeloop's
// UIKitState/TextAndFonts.swift, and the Swift 3 and Swift 4 spellings of UIKit names that
// code written for those Swift versions still uses.
import Foundation
import Lifeloop

// MARK: Fonts and text input

/// UIKit's `UIFontDescriptor`: Lifeloop's `FontDescriptor`.
public typealias UIFontDescriptor = FontDescriptor
/// UIKit's `UIKeyboardAppearance`: Lifeloop's `KeyboardAppearance`.
public typealias UIKeyboardAppearance = KeyboardAppearance
/// UIKit's `UITextContentType`: Lifeloop's `TextContentType`.
public typealias UITextContentType = TextContentType
/// UIKit's `UIDataDetectorTypes`: Lifeloop's `DataDetectorTypes`.
public typealias UIDataDetectorTypes = DataDetectorTypes
/// UIKit's `UITextInputMode`: Lifeloop's `TextInputMode`.
public typealias UITextInputMode = TextInputMode
/// UIKit's `UITextPosition`: Lifeloop's `TextPosition`.
public typealias UITextPosition = TextPosition
/// UIKit's `UITextRange`: Lifeloop's `TextRange`.
public typealias UITextRange = TextRange

// MARK: Swift 3 attribute names

/// Swift 3's name for `NSAttributedString.Key.font`.
public let NSFontAttributeName = NSAttributedString.Key.font
/// Swift 3's name for `NSAttributedString.Key.foregroundColor`.
public let NSForegroundColorAttributeName = NSAttributedString.Key.foregroundColor
/// Swift 3's name for `NSAttributedString.Key.backgroundColor`.
public let NSBackgroundColorAttributeName = NSAttributedString.Key.backgroundColor
/// Swift 3's name for `NSAttributedString.Key.paragraphStyle`.
public let NSParagraphStyleAttributeName = NSAttributedString.Key.paragraphStyle
/// Swift 3's name for `NSAttributedString.Key.attachment`.
public let NSAttachmentAttributeName = NSAttributedString.Key.attachment
/// Swift 3's name for `NSAttributedString.Key.underlineStyle`.
public let NSUnderlineStyleAttributeName = NSAttributedString.Key.underlineStyle
/// Swift 3's name for `NSAttributedString.Key.kern`.
public let NSKernAttributeName = NSAttributedString.Key.kern
/// Swift 3's name for `NSAttributedString.Key.strokeColor`.
public let NSStrokeColorAttributeName = NSAttributedString.Key.strokeColor
/// Swift 3's name for `NSAttributedString.Key.strokeWidth`.
public let NSStrokeWidthAttributeName = NSAttributedString.Key.strokeWidth
/// Swift 3's name for `NSAttributedString.Key.link`.
public let NSLinkAttributeName = NSAttributedString.Key.link

// MARK: Swift 4 type names

/// Swift 4's name for `UIView.AnimationOptions`.
public typealias UIViewAnimationOptions = AnimationOptions
/// Swift 4's name for `UIView.AnimationCurve`.
public typealias UIViewAnimationCurve = PropertyAnimator.Curve
/// Swift 4's name for `UITableViewCell.AccessoryType`.
public typealias UITableViewCellAccessoryType = TableViewCell.AccessoryType
/// Swift 4's name for `UITableViewCell.SelectionStyle`.
public typealias UITableViewCellSelectionStyle = TableViewCell.SelectionStyle
/// Swift 4's name for `UITableView.RowAnimation`.
public typealias UITableViewRowAnimation = TableView.RowAnimation
/// Swift 4's name for `UITableView.ScrollPosition`.
public typealias UITableViewScrollPosition = TableView.ScrollPosition
/// Swift 4's name for `UITableView.automaticDimension`.
public let UITableViewAutomaticDimension = TableView.automaticDimension
/// Swift 4's name for `UIControl.State`.
public typealias UIControlState = Control.State
/// Swift 4's name for `UIControl.Event`.
public typealias UIControlEvents = Control.Event
/// Swift 4's name for `UIButton.ButtonType`.
public typealias UIButtonType = Button.ButtonType
/// Swift 4's name for `UIView.ContentMode`.
public typealias UIViewContentMode = ContentMode
/// Swift 4's name for `UIBarButtonItem.SystemItem`.
public typealias UIBarButtonSystemItem = BarButtonItem.SystemItem
/// Swift 4's name for `UIAlertController.Style`.
public typealias UIAlertControllerStyle = AlertController.Style
/// Swift 4's name for `UIAlertAction.Style`.
public typealias UIAlertActionStyle = AlertAction.Style

/// Swift 4's name for `UIImagePickerController.InfoKey.originalImage`.
public let UIImagePickerControllerOriginalImage = ImagePickerController.InfoKey.originalImage
/// Swift 4's name for `UIImagePickerController.InfoKey.editedImage`.
public let UIImagePickerControllerEditedImage = ImagePickerController.InfoKey.editedImage

/// Swift 3's name for `UIFont.Weight.ultraLight`.
public let UIFontWeightUltraLight = Font.Weight.ultraLight
/// Swift 3's name for `UIFont.Weight.thin`.
public let UIFontWeightThin = Font.Weight.thin
/// Swift 3's name for `UIFont.Weight.light`.
public let UIFontWeightLight = Font.Weight.light
/// Swift 3's name for `UIFont.Weight.regular`.
public let UIFontWeightRegular = Font.Weight.regular
/// Swift 3's name for `UIFont.Weight.medium`.
public let UIFontWeightMedium = Font.Weight.medium
/// Swift 3's name for `UIFont.Weight.semibold`.
public let UIFontWeightSemibold = Font.Weight.semibold
/// Swift 3's name for `UIFont.Weight.bold`.
public let UIFontWeightBold = Font.Weight.bold
/// Swift 3's name for `UIFont.Weight.heavy`.
public let UIFontWeightHeavy = Font.Weight.heavy
/// Swift 3's name for `UIFont.Weight.black`.
public let UIFontWeightBlack = Font.Weight.black

extension NSNotification.Name {
    /// Swift 4's name for `UIApplication.didBecomeActiveNotification`.
    public static let UIApplicationDidBecomeActive = Application.didBecomeActiveNotification
    /// Swift 4's name for `UIApplication.willResignActiveNotification`.
    public static let UIApplicationWillResignActive = Application.willResignActiveNotification
    /// Swift 4's name for `UIApplication.didEnterBackgroundNotification`.
    public static let UIApplicationDidEnterBackground = Application.didEnterBackgroundNotification
    /// Swift 4's name for `UIApplication.willEnterForegroundNotification`.
    public static let UIApplicationWillEnterForeground = Application.willEnterForegroundNotification
    /// Swift 4's name for `UIApplication.willTerminateNotification`.
    public static let UIApplicationWillTerminate = Application.willTerminateNotification
    /// Swift 4's name for `UIApplication.didReceiveMemoryWarningNotification`.
    public static let UIApplicationDidReceiveMemoryWarning = Application.didReceiveMemoryWarningNotification
}
