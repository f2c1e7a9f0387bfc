import CDeflate
import CZlib

/// A C library the program runs with and its version, for `chat-tui --version`. Each module lists the libraries
/// it links itself (`codecs` here; the text, download, graphics and terminal lists in the modules that link
/// those), so a new codec adds one line where its library is linked.
package struct LinkedLibrary: Hashable, Sendable {
    /// The library's usual name, e.g. `libpng`.
    package var name: String
    /// Its version, e.g. `1.6.43`.
    package var version: String
    /// Whether `version` is the one the library reports at run time; false when the library has no call for
    /// that and `version` is the one of the headers the program was built against.
    package var isRunTimeVersion: Bool

    package init(name: String, version: String, isRunTimeVersion: Bool = true) {
        self.name = name; self.version = version; self.isRunTimeVersion = isRunTimeVersion
    }

    package init(name: String, isRunTimeVersion: Bool, version: String) {
        self.init(name: name, version: version, isRunTimeVersion: isRunTimeVersion)
    }

    /// One line of the `--version` listing: `libpng 1.6.43`, or `libjpeg-turbo 2.1.5 (built against)`.
    package var line: String { "\(name) \(version)" + (isRunTimeVersion ? "" : " (built against)") }

    /// `major.minor.patch` from a number packed as `major * base² + minor * base + patch` (libwebp packs with
    /// base 256, fontconfig with base 100, libjpeg-turbo with base 1000).
    package static func dotted(_ packed: Int, base: Int) -> String {
        "\(packed / (base * base)).\(packed / base % base).\(packed % base)"
    }

    /// The image codecs' libraries: every input format's decoder (`ImageDecoder.supportedFormats`, Little CMS
    /// for colour profiles among them), then zlib and libdeflate, which the PNG writer compresses with.
    package static var codecs: [LinkedLibrary] {
        var seen = Set<String>()
        let decoders = ImageDecoder.supportedFormats.map(\.library)
            .filter { $0 != ImageDecoder.builtIn && seen.insert($0.name).inserted }
        return decoders + [
            LinkedLibrary(name: "zlib", version: zlibVersion().map { String(cString: $0) } ?? "unknown"),
            // libdeflate has no version call either.
            LinkedLibrary(name: "libdeflate", version: LIBDEFLATE_VERSION_STRING, isRunTimeVersion: false),
        ]
    }
}
