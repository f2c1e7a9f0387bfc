import Testing

@testable import GroupIcon

@Suite struct LayoutDescriptionTests {
    @Test func wechatTwoMembersAt100() {
        // m = 5.5556, s = (100 - 3m)/2 = 41.6667, y = (100 - s)/2 = 29.1667, second x = 2m + s = 52.7778.
        let text = LayoutDescription.json(count: 2, parameters: CompositionParameters(size: 100))
        #expect(
            text == """
                {"layout":"wechat","count":2,"size":100,"margin":5.5556,"tiles":[{"x":5.5556,"y":29.1667,\
                "width":41.6667,"height":41.6667},{"x":52.7778,"y":29.1667,"width":41.6667,"height":41.6667}]}

                """)
    }

    @Test func qqTwoMembersAt140() {
        // d = 82.0101; centres 41.0051 and 98.9949; gap (2 - sqrt3) r = 10.9873; first cell has no notch.
        let text = LayoutDescription.json(count: 2, parameters: CompositionParameters(layout: .qq, size: 140))
        #expect(
            text == """
                {"layout":"qq","count":2,"size":140,"margin":10.9873,"tiles":[{"cx":41.0051,"cy":41.0051,\
                "diameter":82.0101,"notch":null},{"cx":98.9949,"cy":98.9949,"diameter":82.0101,"notch":135}]}

                """)
    }

    @Test func dingTalkThreeMembersAt132() {
        let text = LayoutDescription.json(count: 3, parameters: CompositionParameters(layout: .dingtalk))
        #expect(
            text == """
                {"layout":"dingtalk","count":3,"size":132,"margin":3,"tiles":[{"x":0,"y":0,"width":64.5,"height":132},\
                {"x":67.5,"y":0,"width":64.5,"height":64.5},{"x":67.5,"y":67.5,"width":64.5,"height":64.5}]}

                """)
    }

    @Test func emptyGridAndCountIsTilesDrawn() {
        #expect(
            LayoutDescription.json(count: 0, parameters: CompositionParameters(layout: .grid))
                == "{\"layout\":\"grid\",\"count\":0,\"size\":132,\"margin\":7.3333,\"tiles\":[]}\n")
        let capped = LayoutDescription(count: 12, parameters: CompositionParameters())
        #expect(capped.tiles.count == 9)
        #expect(capped.jsonText.hasPrefix("{\"layout\":\"wechat\",\"count\":9,\"size\":132,"))
    }

    @Test func unusableSizeStillGivesValidNumbers() {
        #expect(
            LayoutDescription.json(count: 3, parameters: CompositionParameters(size: .nan))
                == "{\"layout\":\"wechat\",\"count\":0,\"size\":0,\"margin\":0,\"tiles\":[]}\n")
    }
}
