import Foundation
import GroupIcon
import Testing

/// Composites with non-default parameters (member styles, gap colour, overflow badge, right to left, grid
/// modes) against PNGs in Resources/golden, listed with their options in Resources/golden/variants.txt,
/// which `scripts/update-golden.sh` reads too.
@Suite struct GoldenVariantTests {
    /// One line of variants.txt.
    struct Variant: Sendable, CustomTestStringConvertible {
        var stem: String
        var group: String
        var options: [String]
        var testDescription: String { stem }
    }

    static let variants: [Variant] = {
        let text =
            (try? String(contentsOf: GoldenImages.folder.appendingPathComponent("variants.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 2, !line.hasPrefix("#") else { return nil }
            return Variant(stem: words[0], group: words[1], options: Array(words.dropFirst(2)))
        }
    }()

    @Test func theListIsThere() {
        #expect(Self.variants.count >= 15)
    }

    @Test(arguments: variants)
    func variantMatchesItsGolden(_ variant: Variant) async throws {
        var parameters = CompositionParameters(size: 64, scale: 2, cornerRadius: 6)
        var options = variant.options[...]
        while let option = options.popFirst() {
            let field = try #require(ParameterCatalogue.field(named: String(option.dropFirst(2))), "\(option)")
            let value = field.kind == .flag ? "true" : options.popFirst()
            try field.set(try #require(value, "\(option) needs a value"), in: &parameters)
        }
        let pipeline = AvatarPipeline(dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil))
        let made = try await pipeline.composite(
            members: GoldenCompositeTests.members(ofGroup: variant.group),
            parameters: parameters
        ).composite.image
        try GoldenImages.expect(made, matches: "\(variant.stem).png")
    }
}
