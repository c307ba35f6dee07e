// Swift Testing declares a cross-import overlay for CoreGraphics (`_Testing_CoreGraphics`,
// image attachments on Apple platforms); the toolchain on Linux lists it but does not ship
// it, so a file importing both Testing and this package's CoreGraphics looked for it and
// failed. This empty module is that overlay here.
