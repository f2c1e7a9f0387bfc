import GroupIcon

let alice = MemberSource(id: "u1", name: "Alice", imagePath: "alice.jpg")
let liLei = MemberSource(id: "u2", name: "李雷", imagePath: nil)  // no photo: a placeholder with the name
let pipeline = AvatarPipeline(dependencies: .live)
let avatar = try await pipeline.composite(members: [alice, liLei], parameters: CompositionParameters(layout: .qq))
try avatar.composite.write(to: "group.png", format: .png)
