import ImagingTestSupport
import Testing

/// The test support's colour differences, against published values: the format tests' bounds mean what they
/// say only if the measure is right.
@Suite struct ColorDifferenceTests {
    /// Pairs from Sharma, Wu and Dalal's CIEDE2000 test data (2005), with their published ΔE00 to 4 decimals.
    @Test(arguments: [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ])
    func ciede2000MatchesSharmasData(
        first: (Double, Double, Double), second: (Double, Double, Double), expected: Double
    ) {
        let measured = ColorDifference.deltaE2000(first, second)
        #expect(abs(measured - expected) < 0.0001, "\(measured) for \(expected)")
        #expect(abs(ColorDifference.deltaE2000(second, first) - expected) < 0.0001)
    }

    /// Within the rounding of the four-digit sRGB matrix the conversion uses.
    @Test func sRGBPrimariesHaveTheirCIELABValues() {
        let red = ColorDifference.lab(255, 0, 0)
        #expect(abs(red.l - 53.24) < 0.05 && abs(red.a - 80.09) < 0.1 && abs(red.b - 67.20) < 0.1)
        #expect(ColorDifference.deltaE76(ColorDifference.lab(255, 255, 255), (100, 0, 0)) < 0.05)
    }
}
