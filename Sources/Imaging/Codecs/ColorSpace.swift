/// The RGB colour space an exported avatar is composed and written in (`--color-space`).
///
/// Every output file says which one it is in, so viewers and asset pipelines do not guess: PNG by an `sRGB`
/// chunk or an `iCCP` profile, JPEG and WebP by an embedded ICC profile (`ColorManagement.outputProfile`).
public enum ColorSpace: String, CaseIterable, Hashable, Sendable {
    /// sRGB (IEC 61966-2-1): the web's and most screens' space, the default.
    case srgb
    /// Display P3: the P3 primaries with a D65 white and the sRGB tone curve; iPhones' and Macs' screens and
    /// iOS asset catalogues.
    case displayP3 = "display-p3"

    /// The name the CLI, presets and recorded parameters use.
    public var name: String { rawValue }
}
