import Foundation

/// What an image picker tells its delegate: UIKit's `UIImagePickerControllerDelegate`.
/// Both methods are optional: by default each dismisses the picker, as UIKit does when
/// the delegate does not implement them.
public protocol ImagePickerControllerDelegate: AnyObject {
    /// The user picked an image: `info` holds it under `originalImage` (and
    /// `editedImage`, `imageURL`, `mediaType` when known).
    func imagePickerController(_ picker: ImagePickerController, didFinishPickingMediaWithInfo info: [ImagePickerController.InfoKey: Any])
    /// The user cancelled.
    func imagePickerControllerDidCancel(_ picker: ImagePickerController)
}

extension ImagePickerControllerDelegate {
    public func imagePickerController(_ picker: ImagePickerController,
                                      didFinishPickingMediaWithInfo info: [ImagePickerController.InfoKey: Any]) {
        picker.dismiss(animated: true)
    }

    public func imagePickerControllerDidCancel(_ picker: ImagePickerController) {
        picker.dismiss(animated: true)
    }
}

/// The system's photo picker and camera: UIKit's `UIImagePickerController`.
///
/// Presenting it works: it shows as a sheet titled by its source with a Cancel button.
/// There is no photo library and no camera (``isSourceTypeAvailable(_:)`` is false for
/// the camera), so nothing is picked until a test or agent calls ``pick(_:editedImage:url:)``,
/// which tells the delegate `imagePickerController(_:didFinishPickingMediaWithInfo:)` as a
/// user's pick would; Cancel (or ``cancel()``) tells it `imagePickerControllerDidCancel(_:)`.
/// The camera's settings are data. (UIKit's picker is a navigation controller; this one is
/// a plain controller, so its delegate is its own property.)
open class ImagePickerController: ViewController {
    /// Where the picker takes images from: UIKit's `UIImagePickerController.SourceType`.
    public enum SourceType: Int, Hashable, Sendable {
        /// The photo library.
        case photoLibrary = 0
        /// The camera (never available here).
        case camera = 1
        /// The saved photos album.
        case savedPhotosAlbum = 2
    }

    /// The cameras: UIKit's `UIImagePickerController.CameraDevice` (data).
    public enum CameraDevice: Int, Hashable, Sendable {
        /// The back and front cameras.
        case rear = 0, front = 1
    }

    /// What the camera takes: UIKit's `UIImagePickerController.CameraCaptureMode` (data).
    public enum CameraCaptureMode: Int, Hashable, Sendable {
        /// Photos or video.
        case photo = 0, video = 1
    }

    /// The flash: UIKit's `UIImagePickerController.CameraFlashMode` (data).
    public enum CameraFlashMode: Int, Hashable, Sendable {
        /// Off, automatic, on.
        case off = -1, auto = 0, on = 1
    }

    /// Video quality: UIKit's `UIImagePickerController.QualityType` (data).
    public enum QualityType: Int, Hashable, Sendable {
        /// UIKit's video qualities.
        case typeHigh = 0, typeMedium = 1, typeLow = 2, type640x480 = 3, typeIFrame1280x720 = 4, typeIFrame960x540 = 5
    }

    /// A key of the info a pick delivers: UIKit's `UIImagePickerController.InfoKey`, with
    /// UIKit's values.
    public struct InfoKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public var rawValue: String
        /// A key of this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A key of this name.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The picked media's type (`"public.image"`).
        public static let mediaType = InfoKey("UIImagePickerControllerMediaType")
        /// The picked image, as taken.
        public static let originalImage = InfoKey("UIImagePickerControllerOriginalImage")
        /// The picked image, as edited.
        public static let editedImage = InfoKey("UIImagePickerControllerEditedImage")
        /// The crop rectangle of the edit.
        public static let cropRect = InfoKey("UIImagePickerControllerCropRect")
        /// The picked movie's file URL.
        public static let mediaURL = InfoKey("UIImagePickerControllerMediaURL")
        /// The asset library URL (deprecated in UIKit).
        public static let referenceURL = InfoKey("UIImagePickerControllerReferenceURL")
        /// The photo's metadata.
        public static let mediaMetadata = InfoKey("UIImagePickerControllerMediaMetadata")
        /// The Live Photo.
        public static let livePhoto = InfoKey("UIImagePickerControllerLivePhoto")
        /// The Photos asset.
        public static let phAsset = InfoKey("UIImagePickerControllerPHAsset")
        /// The picked image's file URL.
        public static let imageURL = InfoKey("UIImagePickerControllerImageURL")
    }

    /// Hears picks and cancels. Held weakly.
    open weak var delegate: (ImagePickerControllerDelegate & NavigationControllerDelegate)?
    /// Where images come from (the photo library by default). Setting the camera, which
    /// is not available, records `invalidArgument` and keeps the source.
    open var sourceType: SourceType = .photoLibrary {
        didSet {
            guard sourceType != oldValue else { return }
            if !Self.isSourceTypeAvailable(sourceType) {
                diagnose(.invalidArgument, "source type \(sourceType) is not available")
                sourceType = oldValue
                return
            }
            titleLabel?.text = Self.title(of: sourceType)
        }
    }
    /// The media types offered (images by default).
    open var mediaTypes: [String] = ["public.image"]
    /// Whether the user may crop the picked image (data: a pick's edited image is the one
    /// passed).
    open var allowsEditing = false
    /// Whether images may be edited (the older name of ``allowsEditing``).
    open var allowsImageEditing: Bool {
        get { allowsEditing }
        set { allowsEditing = newValue }
    }
    /// The camera in use (data).
    open var cameraDevice: CameraDevice = .rear
    /// What the camera takes (data).
    open var cameraCaptureMode: CameraCaptureMode = .photo
    /// The flash (data).
    open var cameraFlashMode: CameraFlashMode = .auto
    /// Whether the camera's controls show (data).
    open var showsCameraControls = true
    /// A view over the camera's picture (data).
    open var cameraOverlayView: View?
    /// The transform of the camera's picture (data).
    open var cameraViewTransform: CGAffineTransform = .identity
    /// Video quality (data).
    open var videoQuality: QualityType = .typeMedium
    /// The longest video, in seconds (data).
    open var videoMaximumDuration: TimeInterval = 600
    private var titleLabel: Label?

    /// A picker of the photo library.
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
    }

    /// Pickers are made in code.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Whether a source can be used: the photo library and saved photos yes, the camera no.
    open class func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool { sourceType != .camera }

    /// The media types a source offers: images and movies, none for the camera.
    open class func availableMediaTypes(for sourceType: SourceType) -> [String]? {
        isSourceTypeAvailable(sourceType) ? ["public.image", "public.movie"] : nil
    }

    /// Whether a camera is there: never.
    open class func isCameraDeviceAvailable(_ cameraDevice: CameraDevice) -> Bool { false }

    /// Whether a camera has a flash: never.
    open class func isFlashAvailable(for cameraDevice: CameraDevice) -> Bool { false }

    /// Takes a picture with the camera: does nothing here (there is no camera).
    open func takePicture() {}

    /// Starts recording video: does nothing here; false.
    @discardableResult
    open func startVideoCapture() -> Bool { false }

    /// Stops recording video: does nothing here.
    open func stopVideoCapture() {}

    /// A sheet titled by the source, with a Cancel button.
    open override func loadView() {
        let sheet = View(frame: app?.mainScreen.bounds ?? Rect(x: 0, y: 0, width: 390, height: 844))
        sheet.backgroundColor = .systemBackground
        let title = Label(frame: Rect(x: 16, y: 16, width: sheet.bounds.width - 32, height: 22))
        title.text = Self.title(of: sourceType)
        title.font = .boldSystemFont(ofSize: 17)
        title.textAlignment = .center
        title.autoresizingMask = [.flexibleWidth]
        sheet.addSubview(title)
        titleLabel = title
        let cancel = Button(type: .system)
        cancel.setTitle("Cancel", for: .normal)
        cancel.frame = Rect(x: 8, y: 8, width: 80, height: 38)
        cancel.addAction(Action { [unowned self] _ in self.cancel() }, for: .primaryActionTriggered)
        sheet.addSubview(cancel)
        view = sheet
    }

    private static func title(of source: SourceType) -> String {
        switch source {
        case .photoLibrary: "Photos"
        case .savedPhotosAlbum: "Saved Photos"
        case .camera: "Camera"
        }
    }

    /// What a user's pick does (there is no library to pick from): tells the delegate
    /// `imagePickerController(_:didFinishPickingMediaWithInfo:)` with `image` as the
    /// original image, `editedImage` (or `image` when ``allowsEditing``) as the edited one,
    /// `url` as the image URL, and `public.image` as the media type.
    public func pick(_ image: Image, editedImage: Image? = nil, url: URL? = nil) {
        guard onLoop("pick(_:editedImage:url:)") else { return }
        var info: [InfoKey: Any] = [.originalImage: image, .mediaType: "public.image"]
        if let edited = editedImage ?? (allowsEditing ? image : nil) {
            info[.editedImage] = edited
            info[.cropRect] = Rect(origin: .zero, size: edited.size)
        }
        if let url { info[.imageURL] = url }
        trace("pickImage", detail: image.name ?? "")
        if let delegate {
            delegate.imagePickerController(self, didFinishPickingMediaWithInfo: info)
        } else {
            dismiss(animated: true)
        }
    }

    /// What the Cancel button does: tells the delegate `imagePickerControllerDidCancel(_:)`
    /// (which dismisses the picker by default).
    public func cancel() {
        guard onLoop("cancel()") else { return }
        trace("cancelImagePicker")
        if let delegate {
            delegate.imagePickerControllerDidCancel(self)
        } else {
            dismiss(animated: true)
        }
    }
}
