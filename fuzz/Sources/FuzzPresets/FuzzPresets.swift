import GroupIcon

@testable import GroupExport

/// `PresetFile.decode` on arbitrary bytes: it must return presets or throw a `PresetError`, never trap. Presets
/// it returns have unique names, at most `PresetFile.maximumPresetCount` of them, and each applies; the file
/// text written for them (`jsonText`) reads back as the same presets, so a save never writes a file the next
/// read refuses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPresets(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let file = try? PresetFile.decode(bytes, path: "/fuzz/presets.json") else { return 0 }
    let names = file.presets.map(\.name)
    guard Set(names).count == names.count, names.count <= PresetFile.maximumPresetCount else {
        fatalError("repeated names or too many presets: \(names.count)")
    }
    for name in names {
        guard (try? file.parameters(named: name)) != nil else {
            fatalError("preset \(name.debugDescription) does not apply")
        }
    }
    let written = Array(file.jsonText.utf8)
    let reread: PresetFile
    do {
        reread = try PresetFile.decode(written, path: "/fuzz/presets.json")
    } catch {
        fatalError("the presets written do not read back: \(error)\n\(file.jsonText)")
    }
    guard reread.presets == file.presets else { fatalError("the presets changed on the way back:\n\(file.jsonText)") }
    return 0
}
