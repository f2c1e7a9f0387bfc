import Foundation

/// Everything one benchmark run measured; printed as JSON (keys in snake_case), which `bench/compare.sh`
/// reads. Rates are per second and times in milliseconds, each the median of several samples. Sections left
/// out with `--only` are absent.
struct BenchReport: Codable, Sendable {
    var tiny: Bool
    var runs: Int
    var sourceSide: Int
    var bigFixture: BigFixtureFigures?
    var composition: [CompositionFigures]?
    var jpegDecode: JPEGDecodeFigures?
    var pngEncode: PNGEncodeFigures?
    var cells: [CellFigures]?
    var frame: FrameFigures?
    var response: ResponseFigures?
    /// The same in kitty and in sixel pictures.
    var pictureResponse: [PictureResponseFigures]?
    /// Scrolling the large list page by page in kitty and in sixel pictures.
    var scroll: [ScrollFigures]?
    var sheet: SheetFigures?
    var decode: DecodeFigures?
    var scaling: ScalingFigures?

    /// The report as pretty-printed JSON with sorted keys and a final newline.
    func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}

/// One layout's composites: `Layouts.tiles` + `Compositor.compose` on photos decoded beforehand, and the same
/// with every photo read and decoded (at the size its tile needs) inside the timed work.
struct CompositionFigures: Codable, Sendable {
    var layout: String
    var members: Int
    var pixels: Int
    var compositesPerSecond: Double
    var compositesPerSecondWithDecode: Double
    /// One composite from decoded sources, counted by the resampler's AVX2 kernels (absent without AVX2).
    var resamplerWork: ResamplerWorkFigures?
}

/// The resampler's work in one composite, per pixel it outputs (the tiles' pixels, edge pixels included), and
/// where the time of the fastest composite made while counting went (clock reads around each kernel call included).
struct ResamplerWorkFigures: Codable, Sendable {
    var outputPixels: Int
    var multiplyAddsPerOutputPixel: Double
    /// Of them, the 16-bit products of the fixed-point horizontal pass (opaque rows without blocks).
    var fixedMultiplyAddsPerOutputPixel: Double
    var filterBytesPerOutputPixel: Double
    var sourceBytesPerOutputPixel: Double
    /// Lane multiply-adds per second within the filter passes.
    var filterMultiplyAddsPerSecond: Double
    /// Source bytes per second within the block averages (or the fixed-point pass's row copies).
    var averagingBytesPerSecond: Double
    /// Shares of the composites' time in the filter passes and in the block averages.
    var filterShare: Double
    var averagingShare: Double
}

/// Reading and decoding the WeChat composite's JPEGs, each at the size its tile needs, and nothing else: the
/// part of "with decode" that is libjpeg-turbo's work for us and for Pillow alike.
struct JPEGDecodeFigures: Codable, Sendable {
    var files: Int
    var setsPerSecond: Double
}

/// `PNGCodec.encode` of the WeChat composite (`png-source.png`, which the peers encode too) at every
/// compression level; `milliseconds` and `bytes` repeat the default level's.
struct PNGEncodeFigures: Codable, Sendable {
    var pixels: Int
    var milliseconds: Double
    var bytes: Int
    var levels: [PNGLevelFigures]
}

/// One `PNGCompression` level's encoding time and file size.
struct PNGLevelFigures: Codable, Sendable {
    var compression: String
    var milliseconds: Double
    var bytes: Int
}

/// `HalfBlockRenderer.render` of the decoded cell source into one grid size; `...WithText` also writes the
/// cells as ANSI text (`SGR.text`), the image-to-text work of `chafa`; `...WithIO` also reads and decodes the
/// PNG first, the whole job `chafa FILE` does.
struct CellFigures: Codable, Sendable {
    var columns: Int
    var rows: Int
    var truecolorPerSecond: Double
    var palette256PerSecond: Double
    var truecolorWithTextPerSecond: Double
    var palette256WithTextPerSecond: Double
    var truecolorWithIOPerSecond: Double
    var palette256WithIOPerSecond: Double
    /// The 256-colour figures for every dither mode (the `palette256` ones above are the standard mode's).
    var palette256Dithers: [DitherFigures]
}

/// `CellFigures`' three rates for 256 colours with one `DitherMode`.
struct DitherFigures: Codable, Sendable {
    var dither: String
    var perSecond: Double
    var withTextPerSecond: Double
    var withIOPerSecond: Double
}

/// One frame of the interactive screen after a parameter change, composites already made: the reducer,
/// `ScreenView.render` (drawing every new avatar into cells) and the diff painted into an `InMemoryTerminal`.
struct FrameFigures: Codable, Sendable {
    var width: Int
    var height: Int
    var frameMilliseconds: Double
    /// The same frame when every avatar's cells are already cached (a selection move).
    var cachedCellsFrameMilliseconds: Double
    /// Cells the driver repainted in the measured frame.
    var paintedCells: Int
    /// Making the selected group's composite at the new parameters through the pipeline (photos decoded and
    /// in its memory cache, as in the app after the first frame).
    var selectedCompositeMilliseconds: Double
}

/// Opening a large chat list: load the fixture, build the state, draw the first frame (avatars as
/// placeholders), then until every composite the screen wants is made and drawn. Memory from
/// `/proc/self/status` right after, measured before any other section ran.
struct BigFixtureFigures: Codable, Sendable {
    var groups: Int
    var loadMilliseconds: Double
    var firstFrameMilliseconds: Double
    var visibleCompositesMilliseconds: Double
    var compositesMade: Int
    var residentMegabytesBefore: Double
    var residentMegabytes: Double
    var peakResidentMegabytes: Double
}

/// The variants sheet after a parameter key (`SheetBench`): its pictures composed and painted.
struct SheetFigures: Codable, Sendable {
    var size: Double
    var scale: Int
    /// Composites made per sheet: the variants, the group, the group at list size.
    var pictures: Int
    var sheetPixels: Int
    /// Wall clock per sheet (median), and this process's CPU time per sheet (median).
    var milliseconds: Double
    var cpuMilliseconds: Double
}

/// The preview's composition on the cores the process may use (`ScalingBench`).
struct ScalingFigures: Codable, Sendable {
    var pixels: Int
    /// Bands of rows the compositor cut the canvas into (by pixels, whatever the cores: `Compositor.bandPixels`).
    var runs: Int
    var activeProcessors: Int
    var compositesPerSecond: Double
    /// The process's CPU (all threads) per composite.
    var cpuMillisecondsPerComposite: Double
}
