extension Color {
    /// The components as Core Graphics gives a color's: red, green, blue, alpha (the
    /// `cgColor.components` of an RGB color).
    public var components: [CGFloat]? { [CGFloat(red), CGFloat(green), CGFloat(blue), CGFloat(alpha)] }
    /// How many components ``components`` has: 4.
    public var numberOfComponents: Int { 4 }
}
