import Foundation

/// The sRGB transfer function, shared by the colour spaces the palette matching uses (OKLab, CIELAB).
package enum SRGB {
    /// Linear light (0...1) of each 8-bit sRGB channel value.
    package static let linearLight: [Double] = (0..<256).map { byte in
        let value = Double(byte) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
}
