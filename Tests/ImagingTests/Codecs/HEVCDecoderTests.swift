import Imaging
import ImagingTestSupport
import Testing

/// HEVC in HEIC is decoded by chat-tui's libde265 plugin (`CHeif/de265_plugin.h`), which starts no worker
/// thread: libheif prefers it, and every HEIC of the format corpus (8-bit, with alpha, 10- and 12-bit, rotated,
/// Display P3, unknown nclx primaries) decodes to exactly the pixels libheif's built-in plugin gives.
@Suite struct HEVCDecoderTests {
    static let files = [
        "photo.heic", "alpha.heic", "display-p3.heic", "nclx-unknown-primaries.heic", "display-p3-10bit.heic",
        "ramp-10bit.heic", "ramp-10bit-alpha.heic", "ramp-10bit-irot.heic", "ramp-12bit.heic",
    ]

    @Test func libheifPrefersThePluginOnTheCallingThread() {
        #expect(HEIFCodec.preferredHEVCDecoder == HEIFCodec.HEVCDecoder.callingThread.rawValue)
    }

    @Test(arguments: files)
    func eightBitPixelsAreTheBuiltInPluginsExactly(name: String) throws {
        let bytes = try FormatCorpus.bytes(name)
        let ours = try #require(try HEIFCodec.decode(bytes, deep: false, hevcDecoder: .callingThread).0)
        let builtIn = try #require(try HEIFCodec.decode(bytes, deep: false, hevcDecoder: .libheifBuiltIn).0)
        #expect(ours == builtIn)
        // And what the decoder table gives is the plugin's.
        #expect(try ImageDecoder.decode(bytes) == ours)
    }

    @Test(arguments: files.filter { $0.contains("bit") })
    func deepSamplesAreTheBuiltInPluginsExactly(name: String) throws {
        let bytes = try FormatCorpus.bytes(name)
        let ours = try #require(try HEIFCodec.decode(bytes, deep: true, hevcDecoder: .callingThread).1)
        let builtIn = try #require(try HEIFCodec.decode(bytes, deep: true, hevcDecoder: .libheifBuiltIn).1)
        #expect(ours == builtIn)
    }

    @Test func aTruncatedFileIsRefusedNotCrashed() throws {
        let bytes = try FormatCorpus.bytes("photo.heic")
        for length in [bytes.count / 2, bytes.count - 7] {
            #expect(throws: CodecError.self) { try ImageDecoder.decode(Array(bytes.prefix(length))) }
        }
    }
}
