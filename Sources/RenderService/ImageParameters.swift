import ArgumentParsing
import GroupExport
import GroupIcon
import Support

/// A request's query turned into composition parameters and an encoding, checked against the parameters' own
/// limits and `CompositionLimits`: every refusal names the parameter and what it accepts.
package enum ImageParameters {
    /// The query names besides the composition parameters.
    package static let presetName = "preset"
    package static let qualityName = "quality"

    /// The parameters and encoding `items` ask for over `base`, for `memberCount` members: `preset=NAME` first
    /// (from `presets`), then the other items in catalogue spelling; `quality=N` (1 to 100) for JPEG and WebP.
    package static func resolve(
        _ items: [QueryItem], base: CompositionParameters, presets: PresetFile?, format: OutputFormat,
        memberCount: Int
    ) throws(ServiceError) -> (parameters: CompositionParameters, encoding: OutputEncoding) {
        var seen: Set<String> = []
        for item in items where !seen.insert(item.name).inserted {
            throw .badParameter(parameter: item.name, message: "given twice")
        }
        var parameters = base
        if let name = items.first(where: { $0.name == presetName })?.value {
            guard let presets, let preset = presets.preset(named: name) else {
                throw .badParameter(parameter: presetName, message: "no preset called \"\(Sanitizer.clean(name))\"")
            }
            for setting in preset.settings {
                guard let field = ParameterCatalogue.field(named: setting.name) else { continue }
                do throws(ParameterError) { try field.set(setting.text, in: &parameters) } catch {
                    throw .badParameter(parameter: presetName, message: "preset \"\(name)\": \(error)")
                }
            }
        }
        var encoding = OutputEncoding(format: format)
        for item in items where item.name != presetName {
            if item.name == qualityName {
                guard format != .png else {
                    throw .badParameter(parameter: qualityName, message: "PNG has no quality: use .jpg or .webp")
                }
                guard let quality = Int(item.value), (1...100).contains(quality) else {
                    throw .badParameter(
                        parameter: qualityName,
                        message: "expected a whole number from 1 to 100, got '\(Sanitizer.clean(item.value))'")
                }
                encoding.quality = quality
                continue
            }
            guard let field = ParameterCatalogue.field(named: item.name) else {
                let known = ParameterCatalogue.all.map(\.name) + [presetName, qualityName]
                let close = Suggestion.closest(to: item.name, among: known).map { "; did you mean \"\($0)\"?" }
                throw .badParameter(
                    parameter: Sanitizer.clean(item.name), message: "not a parameter\(close ?? "")")
            }
            do throws(ParameterError) { try field.set(item.value, in: &parameters) } catch {
                throw .badParameter(
                    parameter: field.name, message: "expected \(error.expected), got '\(Sanitizer.clean(error.got))'")
            }
        }
        if let problem = CompositionLimits.problem(parameters, memberCounts: [memberCount]) {
            throw .badParameter(parameter: "parameters", message: "\(problem)")
        }
        return (parameters, encoding)
    }
}

/// The strong entity tag of an avatar: the hash of its inputs record (`GroupExporter.inputsRecord`: every
/// member's photo identity, every parameter, the algorithm version, the encoding), so a changed photo or
/// parameter changes it and the same inputs always give it.
package struct EntityTag: Equatable, Sendable {
    /// The tag with its quotes, as the `ETag` header carries it.
    package let quoted: String

    /// The tag of `record` (`sha256:<hex>`, from `GroupExporter.inputsRecord`).
    package init(record: String) {
        let hex = record.hasPrefix("sha256:") ? String(record.dropFirst(7)) : SHA256.hexDigest(record)
        quoted = "\"" + hex + "\""
    }

    /// Whether an `If-None-Match` header value names this tag: `*`, or a comma-separated list of tags compared
    /// weakly (a `W/` prefix ignored), as RFC 9110 §13.1.2 says.
    package func matches(ifNoneMatch header: String) -> Bool {
        for part in header.split(separator: ",") {
            var tag = part.trimmingSpaces
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == quoted[...] { return true }
        }
        return false
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
