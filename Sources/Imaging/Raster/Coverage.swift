import Support

/// How much of each pixel a shape covers, over the shape's pixel bounding box.
package struct CoverageMask: Hashable, Sendable {
    /// The pixels the mask describes; every pixel outside it has coverage 0.
    package let box: PixelBox
    /// Row-major coverage in 0...1, `box.width * box.height` values.
    package let values: [Float]

    package init(box: PixelBox, values: [Float]) {
        self.box = box; self.values = values
    }

    /// The coverage of the pixel at absolute column `x`, row `y` (0 outside `box`).
    package subscript(x: Int, y: Int) -> Float {
        guard x >= box.x, x < box.maxX, y >= box.y, y < box.maxY else { return 0 }
        return values[(y - box.y) * box.width + (x - box.x)]
    }

    /// The covered area in square pixels.
    package var area: Double { values.reduce(0.0) { $0 + Double($1) } }
}

/// Anti-aliased rasterisation of `Shape`s.
package enum Coverage {
    /// Rasterises `shape` (in points) at `scale` pixels per point.
    ///
    /// The pixel whose centre is `c` gets `clamp(0.5 - d, 0, 1)`, with `d` the shape's signed distance at `c`
    /// in pixels: exact for straight edges at any fractional position (so shapes that share an edge add up
    /// to full coverage), and within a fraction of a pixel of the true area along curves. Only the shape's
    /// bounding box is visited, and long runs of fully inside or fully outside pixels are filled without
    /// evaluating the distance: it changes by at most one pixel per pixel step, so one sample bounds a run.
    package static func mask(of shape: Shape, scale: Double) -> CoverageMask {
        mask(of: shape, scale: scale, rows: nil)
    }

    /// The mask's rows `rows` only (each row is made on its own, so they are the whole mask's): a large
    /// canvas is composed band by band.
    package static func mask(of shape: Shape, scale: Double, rows: Range<Int>?) -> CoverageMask {
        let enclosing = PixelBox(enclosing: shape.bounds.scaled(by: scale))
        let box = rows.map { enclosing.rows($0) } ?? enclosing
        guard !box.isEmpty, scale > 0 else {
            return CoverageMask(box: PixelBox(x: box.x, y: box.y, width: 0, height: 0), values: [])
        }
        var values = [Float](repeating: 0, count: box.pixelCount)
        let inverseScale = 1 / scale
        let field = DistanceField(shape)
        let width = box.width
        values.withUnsafeMutableBufferPointer { out in
            for row in 0..<box.height {
                let y = (Double(box.y + row) + 0.5) * inverseScale
                let rowStart = row * width
                var column = 0
                while column < width {
                    let x = (Double(box.x + column) + 0.5) * inverseScale
                    let distance = field.signedDistance(to: Point(x: x, y: y)) * scale
                    if distance <= -0.5 {
                        // Pixels up to `-0.5 - distance` steps on are still at least half a pixel inside.
                        let run = Int(min(Double(width - column - 1), -0.5 - distance)) + 1
                        for i in rowStart + column..<rowStart + column + run { out[i] = 1 }
                        column += run
                    } else if distance >= 0.5 {
                        column += Int(min(Double(width - column - 1), distance - 0.5)) + 1
                    } else if distance.isNaN {
                        column += 1
                    } else {
                        out[rowStart + column] = Float(0.5 - distance)
                        column += 1
                    }
                }
            }
        }
        return CoverageMask(box: box, values: values)
    }
}

/// Masks already rasterised, by shape, scale and rows: every composite of one layout, size and style has the same
/// tile clips, borders and canvas clip, so a batch, the service and the benchmark's repeated composites
/// rasterise each once instead of once per composite (a tenth of a 396 px composite's time). Bounded by the bytes
/// of its masks: when a new one would pass `byteBudget`, the cache starts again empty.
package final class CoverageCache: Sendable {
    /// A mask's key. The shape is kept as its numbers (`Shape.numbers`), not as a `Shape`: its indirect cases
    /// are boxes reached through tagged pointers, which LeakSanitizer cannot follow, so a cache of shapes reads
    /// as leaked memory in the sanitised test run.
    private struct Key: Hashable, Sendable {
        var shape: [Double]
        var scale: Double
        var rows: Range<Int>?
    }

    /// The cache the compositor uses: 8 MiB, a dozen 396 px canvases' masks.
    package static let shared = CoverageCache(byteBudget: 8 << 20)

    private let masks: ByteBudgetCache<Key, CoverageMask>

    package init(byteBudget: Int) { masks = ByteBudgetCache(byteBudget: byteBudget) }

    /// `Coverage.mask(of:scale:rows:)`, from the cache when it holds it.
    package func mask(of shape: Shape, scale: Double, rows: Range<Int>? = nil) -> CoverageMask {
        masks.value(
            for: Key(shape: shape.numbers, scale: scale, rows: rows),
            bytes: { $0.values.count * MemoryLayout<Float>.stride },
            make: { Coverage.mask(of: shape, scale: scale, rows: rows) })
    }

    /// How many masks the cache holds.
    package var count: Int { masks.count }
}

extension Shape {
    /// The shape written out as numbers, depth first: each case's tag, then its values (a notched circle's notch
    /// count before its notches). Two shapes have equal numbers exactly when they are equal.
    var numbers: [Double] {
        var out: [Double] = []
        append(to: &out)
        return out
    }

    private func append(to out: inout [Double]) {
        func rect(_ r: Rect) { out += [r.origin.x, r.origin.y, r.size.width, r.size.height] }
        switch self {
        case .rect(let r):
            out.append(0); rect(r)
        case .roundedRect(let r, let radius):
            out.append(1); rect(r); out.append(radius)
        case .circle(let c, let radius):
            out += [2, c.x, c.y, radius]
        case .notchedCircle(let c, let radius, let notches):
            out += [3, c.x, c.y, radius, Double(notches.count)]
            for notch in notches { out += [notch.degrees, notch.cutRadius, notch.cutDistance] }
        case .intersection(let a, let b):
            out.append(4); a.append(to: &out); b.append(to: &out)
        }
    }
}
