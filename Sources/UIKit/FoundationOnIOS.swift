// UIKit's names for the runtime-type, keyboard and animator pieces in Lifeloop's
// UIKitState/FoundationOnIOS.swift, and their Swift 4 spellings.
import Foundation
import Lifeloop

/// UIKit's `UIViewAnimating`: Lifeloop's `ViewAnimating`.
public typealias UIViewAnimating = ViewAnimating
/// UIKit's `UIViewImplicitlyAnimating`: Lifeloop's `ViewImplicitlyAnimating`.
public typealias UIViewImplicitlyAnimating = ViewImplicitlyAnimating

/// Swift 4's name for `UIResponder.keyboardFrameBeginUserInfoKey`.
public let UIKeyboardFrameBeginUserInfoKey = Responder.keyboardFrameBeginUserInfoKey
/// Swift 4's name for `UIResponder.keyboardFrameEndUserInfoKey`.
public let UIKeyboardFrameEndUserInfoKey = Responder.keyboardFrameEndUserInfoKey
/// Swift 4's name for `UIResponder.keyboardAnimationDurationUserInfoKey`.
public let UIKeyboardAnimationDurationUserInfoKey = Responder.keyboardAnimationDurationUserInfoKey
/// Swift 4's name for `UIResponder.keyboardAnimationCurveUserInfoKey`.
public let UIKeyboardAnimationCurveUserInfoKey = Responder.keyboardAnimationCurveUserInfoKey

extension NSNotification.Name {
    /// Swift 4's name for `UIResponder.keyboardWillShowNotification`.
    public static let UIKeyboardWillShow = Responder.keyboardWillShowNotification
    /// Swift 4's name for `UIResponder.keyboardDidShowNotification`.
    public static let UIKeyboardDidShow = Responder.keyboardDidShowNotification
    /// Swift 4's name for `UIResponder.keyboardWillHideNotification`.
    public static let UIKeyboardWillHide = Responder.keyboardWillHideNotification
    /// Swift 4's name for `UIResponder.keyboardDidHideNotification`.
    public static let UIKeyboardDidHide = Responder.keyboardDidHideNotification
    /// Swift 4's name for `UIResponder.keyboardWillChangeFrameNotification`.
    public static let UIKeyboardWillChangeFrame = Responder.keyboardWillChangeFrameNotification
}
