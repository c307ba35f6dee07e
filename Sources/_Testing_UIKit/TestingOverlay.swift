// Swift Testing declares a cross-import overlay for UIKit (`_Testing_UIKit`, image
// attachments on Apple platforms); the toolchain on Linux lists it but does not ship it,
// so a file importing both Testing and this package's UIKit looked for it and failed.
// This empty module is that overlay here: Lifeloop's images have no pixels to attach.
