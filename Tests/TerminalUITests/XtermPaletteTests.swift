import Foundation
import Imaging
import Support
import Testing

@testable import TerminalUI

@Suite struct XtermPaletteTests {
    @Test func paletteValues() {
        #expect(XtermPalette.color(ofIndex: 1) == RGBA8(r: 205, g: 0, b: 0))
        #expect(XtermPalette.color(ofIndex: 16) == RGBA8(r: 0, g: 0, b: 0))
        #expect(XtermPalette.color(ofIndex: 196) == RGBA8(r: 255, g: 0, b: 0))
        #expect(XtermPalette.color(ofIndex: 110) == RGBA8(r: 135, g: 175, b: 215))  // 16 + 36*2 + 6*3 + 4
        #expect(XtermPalette.color(ofIndex: 232) == RGBA8(r: 8, g: 8, b: 8))
        #expect(XtermPalette.color(ofIndex: 255) == RGBA8(r: 238, g: 238, b: 238))
    }

    @Test func greysMapToGreys() {
        #expect(XtermPalette.nearestExtendedIndex(r: 0, g: 0, b: 0) == 16)
        #expect(XtermPalette.nearestExtendedIndex(r: 255, g: 255, b: 255) == 231)
        #expect(XtermPalette.nearestExtendedIndex(r: 128, g: 128, b: 128) == 244)  // ramp 8 + 10*12
        #expect(XtermPalette.nearestExtendedIndex(r: 238, g: 238, b: 238) == 255)
        #expect(XtermPalette.nearestExtendedIndex(r: 95, g: 95, b: 95) == 59)  // cube grey 16 + 43
        for level in stride(from: 0, through: 255, by: 5) {
            let index = XtermPalette.nearestExtendedIndex(r: UInt8(level), g: UInt8(level), b: UInt8(level))
            let color = XtermPalette.color(ofIndex: index)
            #expect(color.r == color.g && color.g == color.b, "grey \(level) -> \(index)")
        }
    }

    @Test func primariesMapToCubeCorners() {
        #expect(XtermPalette.nearestExtendedIndex(r: 255, g: 0, b: 0) == 196)
        #expect(XtermPalette.nearestExtendedIndex(r: 0, g: 255, b: 0) == 46)
        #expect(XtermPalette.nearestExtendedIndex(r: 0, g: 0, b: 255) == 21)
        #expect(XtermPalette.nearestExtendedIndex(r: 255, g: 255, b: 0) == 226)
    }

    @Test func neverUsesThemeColors() {
        for key in 0..<(1 << 18) {
            let color = XtermPalette.representative(ofLookupKey: key)
            let index = XtermPalette.nearestExtendedIndex(r: color.r, g: color.g, b: color.b)
            if index < 16 { Issue.record("key \(key) -> \(index)"); return }
        }
    }

    @Test func ansiNearest() {
        #expect(XtermPalette.nearestANSIIndex(r: 0, g: 0, b: 0) == 0)
        #expect(XtermPalette.nearestANSIIndex(r: 255, g: 255, b: 255) == 15)
        #expect(XtermPalette.nearestANSIIndex(r: 250, g: 5, b: 5) == 9)
        #expect(XtermPalette.nearestANSIIndex(r: 200, g: 0, b: 0) == 1)
        #expect(XtermPalette.nearestANSIIndex(r: 0, g: 0, b: 230) == 4)
    }

    @Test func slotsFilledFromSeveralThreadsAtOnceAgree() {
        // Slots are filled on first use; four threads fill the same fresh table, overlapping, and must find
        // what one thread finds alone (ThreadSanitizer, in scripts/test.sh, watches the slot accesses).
        let keys = stride(from: 0, to: 1 << 18, by: 97).map { $0 }
        let alone = PaletteLookup(indices: 16...255)
        let expected = keys.map { alone.index(forKey: $0) }
        let shared = PaletteLookup(indices: 16...255)
        let results = LockedState([[UInt8]](repeating: [], count: 4))
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            // Each thread walks the keys from a different starting point, so all of them race for many slots.
            let offset = thread * keys.count / 4
            let order = Array(keys[offset...] + keys[..<offset])
            let found = order.map { shared.index(forKey: $0) }
            let aligned = Array(found[(keys.count - offset)...] + found[..<(keys.count - offset)])
            results.withLock { $0[thread] = aligned }
        }
        for thread in 0..<4 { #expect(results.withLock { $0[thread] } == expected, "thread \(thread)") }
    }
}
