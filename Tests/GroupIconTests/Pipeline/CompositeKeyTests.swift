import FileSystem
import Foundation
import Testing

@testable import GroupIcon

@Suite struct CompositeKeyTests {
    @Test func identityFollowsTheFile() throws {
        let environment = try FakeEnvironment()
        let path = environment.writeImage("a.fake", width: 10, height: 10, color: .white)
        let member = MemberSource(id: "u1", name: "A", imagePath: path)
        let status = try #require(FileIO.status(of: path))
        #expect(ImageIdentity(of: member) == .file(PhotoFileIdentity(path: path, version: status)))
        #expect(ImageIdentity(of: MemberSource(id: "u1", name: "A", imagePath: nil)) == .none)
        #expect(
            ImageIdentity(of: MemberSource(id: "u1", name: "A", imagePath: path + ".gone"))
                == .missing(path: path + ".gone"))
    }

    @Test func changesWhenAnyInputChangesAndNotOtherwise() throws {
        let environment = try FakeEnvironment()
        let pathA = environment.writeImage("a.fake", width: 10, height: 10, color: .white)
        let pathB = environment.writeImage("b.fake", width: 10, height: 10, color: .black)
        let members = [
            MemberSource(id: "u1", name: "A", imagePath: pathA),
            MemberSource(id: "u2", name: "B", imagePath: pathB),
            MemberSource(id: "u3", name: "C", imagePath: nil),
        ]
        let parameters = CompositionParameters(layout: .qq)
        let base = CompositeKey(members: members, parameters: parameters)

        // Not otherwise: same inputs, and the same inputs written differently (default background spelled out).
        #expect(CompositeKey(members: members, parameters: parameters) == base)
        var explicitDefault = parameters
        explicitDefault.background = LayoutKind.qq.layout.defaultBackground
        #expect(CompositeKey(members: members, parameters: explicitDefault) == base)

        var changed: [CompositeKey] = []
        changed.append(CompositeKey(members: Array(members.reversed()), parameters: parameters))
        changed.append(CompositeKey(members: Array(members.dropLast()), parameters: parameters))
        var renamed = members; renamed[2].name = "Cee"
        changed.append(CompositeKey(members: renamed, parameters: parameters))
        var reid = members; reid[0].id = "u9"
        changed.append(CompositeKey(members: reid, parameters: parameters))
        var repointed = members; repointed[0].imagePath = pathB
        changed.append(CompositeKey(members: repointed, parameters: parameters))
        for edit in [
            { (p: inout CompositionParameters) in p.layout = .wechat }, { $0.scale = 2 }, { $0.size = 100 },
            { $0.margin = 3 }, { $0.padding = 1 }, { $0.cornerRadius = 4 }, { $0.tileRadius = 2 },
            { $0.background = .white }, { $0.options[FiveCircleLayout.centreRings] = true },
            { $0.exactPixelSize = 144 },
        ] {
            var edited = parameters
            edit(&edited)
            changed.append(CompositeKey(members: members, parameters: edited))
        }
        // Rewriting a file gives it a new size (and modification time).
        environment.writeImage("a.fake", width: 100, height: 10, color: .white)
        changed.append(CompositeKey(members: members, parameters: parameters))
        // Same size, only the modification time changes.
        age(pathB, secondsAgo: 1000)
        changed.append(CompositeKey(members: members, parameters: parameters))
        // The file disappears.
        try FileManager.default.removeItem(atPath: pathB)
        changed.append(CompositeKey(members: members, parameters: parameters))

        #expect(!changed.contains(base))
        #expect(Set(changed).count == changed.count)
        #expect(base.text.hasPrefix("group-icon composite v\(CompositeKey.algorithmVersion)\n"))
    }

    /// A Display P3 export is cached apart from the sRGB one; an sRGB key is the one recorded before the
    /// colour space existed (no `color-space` in it).
    @Test func theColorSpaceChangesTheKey() {
        let members = [MemberSource(id: "u1", name: "A", imagePath: nil)]
        var parameters = CompositionParameters()
        let sRGB = CompositeKey(members: members, parameters: parameters)
        parameters.colorSpace = .displayP3
        let p3 = CompositeKey(members: members, parameters: parameters)
        #expect(p3 != sRGB && p3.text.contains("color-space=display-p3") && !sRGB.text.contains("color-space"))
    }

    @Test func onlyDrawnMembersCount() throws {
        let members = (1...7).map { MemberSource(id: "u\($0)", name: "M\($0)", imagePath: nil) }
        let qq = CompositionParameters(layout: .qq)  // draws 5
        let extra = members + [MemberSource(id: "u8", name: "M8", imagePath: nil)]
        var changedSixth = members; changedSixth[5].name = "Other"
        var changedFifth = members; changedFifth[4].name = "Other"
        let base = CompositeKey(members: members, parameters: qq)
        #expect(CompositeKey(members: extra, parameters: qq) == base)
        #expect(CompositeKey(members: changedSixth, parameters: qq) == base)
        #expect(CompositeKey(members: changedFifth, parameters: qq) != base)
        #expect(CompositeKey(members: Array(members.prefix(5)), parameters: qq) == base)
        #expect(CompositeKey(members: Array(members.prefix(4)), parameters: qq) != base)
        // WeChat draws 9, so the sixth and seventh members matter there.
        let wechat = CompositionParameters(layout: .wechat)
        #expect(
            CompositeKey(members: changedSixth, parameters: wechat)
                != CompositeKey(members: members, parameters: wechat))
        #expect(CompositeKey(members: extra, parameters: wechat) != CompositeKey(members: members, parameters: wechat))
    }

    @Test func namesCannotForgeLines() {
        let parameters = CompositionParameters()
        let a = CompositeKey(
            members: [MemberSource(id: "u1", name: "A\nmember: id=\"u2\"", imagePath: nil)],
            parameters: parameters)
        #expect(a.text.split(separator: "\n").count == 3)
    }
}
