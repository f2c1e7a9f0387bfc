// compose-avatars PHOTOS BASE_URL OUTPUT: a WeChat and a QQ group avatar from photo bytes, a file and URLs.
import Foundation
import GroupIcon
import RemoteSources

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: compose-avatars PHOTOS BASE_URL OUTPUT")
    exit(2)
}
let (photos, baseURL, output) = (arguments[1], arguments[2], arguments[3])
do {
    // Photos from URLs are fetched with libcurl and kept in memory (pass a cacheFolder to keep them on disk).
    let pipeline = AvatarPipeline(dependencies: .live(fetchingURLsWith: try RemoteImageStore()))
    let alice = try Data(contentsOf: URL(fileURLWithPath: photos + "/alice.jpg"))
    let members = [
        MemberSource(id: "u1", name: "Alice", photoBytes: Array(alice)),
        MemberSource(id: "u2", name: "Bob", imagePath: photos + "/bob.png"),
        MemberSource(id: "u3", name: "Charlie", url: baseURL + "/charlie.png"),
        MemberSource(id: "u4", name: "陈静", url: baseURL + "/chen-jing.jpg"),
    ]
    let wechat = try await pipeline.composite(
        members: members, parameters: CompositionParameters(layout: .wechat, size: 100, scale: 2))
    try wechat.composite.write(to: output + "/wechat.png", format: .png)
    let qq = try await pipeline.composite(
        members: members, parameters: CompositionParameters(layout: .qq, size: 100, scale: 2))
    try qq.composite.write(to: output + "/qq.webp", format: .webp, options: EncodingOptions(quality: 90))
    for warning in wechat.composite.warnings + qq.composite.warnings { print("warning: \(warning)") }
    print("wrote \(output)/wechat.png and \(output)/qq.webp")
} catch {
    print("compose-avatars: \(error)")
    exit(1)
}
