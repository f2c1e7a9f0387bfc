import Imaging

/// Where an image's pixels go in a picture area of whole cells, and how they are sampled.
///
/// Coordinates are picture pixels from the area's top-left corner. `frame` is where the whole image lies
/// (beyond the area when it is zoomed in), `region` the pixels of the area that show it. The region starts on
/// a cell corner, because a picture is placed at a cell (sixel cannot start inside one).
package struct PictureFrame: Hashable, Sendable {
    /// How image pixels become picture pixels.
    package enum Sampling: Hashable, Sendable {
        /// Lanczos resampling onto the frame (fitting, zooming by any factor).
        case smooth
        /// Each image pixel a square of `magnification` x `magnification` picture pixels, nothing mixed: the
        /// 1:1 view, where a pixel is a pixel.
        case whole(magnification: Int)
    }

    package var frame: Rect
    package var region: PixelBox
    package var sampling: Sampling

    /// The widest and tallest picture, in pixels: more than any screen shows (an 8K screen is 7680 x 4320).
    package static let maximumSide = 4096
    /// The most pixels in one picture: a 4K screen's worth (32 MiB as RGBA). A larger picture area (huge cells
    /// on a huge terminal) is reduced to the whole cells in its middle that fit, and the image scaled down to
    /// them, so that no picture is allocated, encoded or sent beyond this, whatever the terminal reports.
    package static let maximumPixels = 8_388_608

    /// The image scaled with its proportions kept to fit `areaWidth` x `areaHeight` pixels, times `zoom`
    /// (1 fits; above 1 the image is larger than the area and its centre shows), centred, its top-left snapped
    /// to a cell corner. Nil when the image or the area is empty.
    package static func fit(
        imageWidth: Int, imageHeight: Int, areaWidth: Int, areaHeight: Int,
        cell: CellPixelSize, zoom: Double
    ) -> PictureFrame? {
        guard imageWidth > 0, imageHeight > 0, areaWidth > 0, areaHeight > 0, zoom > 0, zoom.isFinite else {
            return nil
        }
        let budget = budgeted(areaWidth: areaWidth, areaHeight: areaHeight, cell: cell)
        let (areaWidth, areaHeight) = (budget.width, budget.height)
        let widthLimited = areaWidth * imageHeight <= areaHeight * imageWidth
        let fittedWidth = widthLimited ? Double(areaWidth) : Double(areaHeight * imageWidth) / Double(imageHeight)
        let fittedHeight = widthLimited ? Double(areaWidth * imageHeight) / Double(imageWidth) : Double(areaHeight)
        let width = max(1, Int((fittedWidth * zoom).rounded()))
        let height = max(1, Int((fittedHeight * zoom).rounded()))
        return framed(
            width: width, height: height,
            x: centred(width, in: areaWidth, step: cell.width),
            y: centred(height, in: areaHeight, step: cell.height),
            areaWidth: areaWidth, areaHeight: areaHeight, sampling: .smooth)?.moved(by: budget)
    }

    /// The image at `magnification` picture pixels per image pixel. Along a side where it is larger than the
    /// area, the image point at `centre` (fractions of the image, 0...1) is put in the middle, as far as the
    /// image reaches (no empty space beside it); along a side where it fits, it is centred. Nil when the image
    /// or the area is empty.
    package static func actualPixels(
        imageWidth: Int, imageHeight: Int, areaWidth: Int, areaHeight: Int,
        cell: CellPixelSize, magnification: Int,
        centre: (x: Double, y: Double)
    ) -> PictureFrame? {
        guard imageWidth > 0, imageHeight > 0, areaWidth > 0, areaHeight > 0 else { return nil }
        let budget = budgeted(areaWidth: areaWidth, areaHeight: areaHeight, cell: cell)
        let (areaWidth, areaHeight) = (budget.width, budget.height)
        let magnification = max(1, magnification)
        func offset(_ length: Int, _ area: Int, _ centre: Double, _ step: Int) -> Int {
            guard length > area else { return centred(length, in: area, step: step) }
            let wanted = Int((min(max(centre, 0), 1) * Double(length) - Double(area) / 2).rounded())
            return -min(max(wanted, 0), length - area)
        }
        let width = imageWidth * magnification, height = imageHeight * magnification
        return framed(
            width: width, height: height, x: offset(width, areaWidth, centre.x, cell.width),
            y: offset(height, areaHeight, centre.y, cell.height),
            areaWidth: areaWidth, areaHeight: areaHeight, sampling: .whole(magnification: magnification))?
            .moved(by: budget)
    }

    /// The fraction of the image's width and height that an area of `areaWidth` x `areaHeight` pixels shows at
    /// `magnification` (1 when all of it shows): how far a pan moves and where it stops.
    package static func visibleFraction(
        imageWidth: Int, imageHeight: Int, areaWidth: Int, areaHeight: Int,
        magnification: Int
    ) -> (width: Double, height: Double) {
        let magnification = Double(max(1, magnification))
        func fraction(_ area: Int, _ length: Int) -> Double {
            length > 0 ? min(1, Double(max(0, area)) / (Double(length) * magnification)) : 1
        }
        return (fraction(areaWidth, imageWidth), fraction(areaHeight, imageHeight))
    }

    /// The part of an area of `areaWidth` x `areaHeight` pixels a picture may fill: all of it when it is within
    /// `maximumSide` and `maximumPixels`, else the whole cells in its middle that are (at least one cell).
    package static func budgeted(areaWidth: Int, areaHeight: Int, cell: CellPixelSize) -> PixelBox {
        let whole = PixelBox(x: 0, y: 0, width: areaWidth, height: areaHeight)
        let pixels = Double(areaWidth) * Double(areaHeight)
        guard areaWidth > maximumSide || areaHeight > maximumSide || pixels > Double(maximumPixels) else {
            return whole
        }
        let cellWidth = max(1, cell.width), cellHeight = max(1, cell.height)
        // Each side within maximumSide, then both shrunk alike until the pixel count is within maximumPixels.
        let width = Double(min(areaWidth, maximumSide)), height = Double(min(areaHeight, maximumSide))
        let shrink = min(1, (Double(maximumPixels) / (width * height)).squareRoot())
        let columns = areaWidth / cellWidth, rows = areaHeight / cellHeight
        let keptColumns = max(1, min(columns, Int(width * shrink) / cellWidth))
        let keptRows = max(1, min(rows, Int(height * shrink) / cellHeight))
        return PixelBox(
            x: (columns - keptColumns) / 2 * cellWidth, y: (rows - keptRows) / 2 * cellHeight,
            width: min(areaWidth, keptColumns * cellWidth), height: min(areaHeight, keptRows * cellHeight))
    }

    /// The most of `columns` x `rows` cells of `cell` pixels that a picture of their shape may cover: all of
    /// them when their pixels are within `maximumSide` and `maximumPixels`, else both counts reduced alike
    /// until they are (at least one cell each), so that the picture is scaled down rather than cut.
    package static func budgetedCells(columns: Int, rows: Int, cell: CellPixelSize) -> (columns: Int, rows: Int) {
        let columns = max(1, columns), rows = max(1, rows)
        let cellWidth = max(1, cell.width), cellHeight = max(1, cell.height)
        let width = Double(columns) * Double(cellWidth), height = Double(rows) * Double(cellHeight)
        let mostColumns = max(1, maximumSide / cellWidth), mostRows = max(1, maximumSide / cellHeight)
        guard columns > mostColumns || rows > mostRows || width * height > Double(maximumPixels) else {
            return (columns, rows)
        }
        let shrink = min(
            1, Double(mostColumns) / Double(columns), Double(mostRows) / Double(rows),
            (Double(maximumPixels) / (width * height)).squareRoot())
        // A hair over the product, so that a side shrunk exactly to its limit is not floored one cell short.
        var kept = (
            columns: max(1, min(columns, mostColumns, Int(Double(columns) * shrink + 1e-9))),
            rows: max(1, min(rows, mostRows, Int(Double(rows) * shrink + 1e-9)))
        )
        // Rounding may leave a cell too many of the pixel count; the longer side gives it up.
        while kept.columns * cellWidth * kept.rows * cellHeight > maximumPixels, kept.columns > 1 || kept.rows > 1 {
            if kept.columns > 1, kept.columns * cellWidth >= kept.rows * cellHeight || kept.rows == 1 {
                kept.columns -= 1
            } else {
                kept.rows -= 1
            }
        }
        return kept
    }

    /// This frame in the coordinates of the area `budget` is part of.
    private func moved(by budget: PixelBox) -> PictureFrame {
        PictureFrame(
            frame: Rect(
                x: frame.minX + Double(budget.x), y: frame.minY + Double(budget.y),
                width: frame.width, height: frame.height),
            region: PixelBox(
                x: region.x + budget.x, y: region.y + budget.y, width: region.width,
                height: region.height),
            sampling: sampling)
    }

    /// Where something `length` long starts when centred in `area`: on a multiple of `step` (a cell) when it
    /// fits, else before the area's start by half the excess.
    private static func centred(_ length: Int, in area: Int, step: Int) -> Int {
        let start = (area - length) / 2
        return start >= 0 ? start / max(1, step) * max(1, step) : (area - length) / 2
    }

    private static func framed(
        width: Int, height: Int, x: Int, y: Int, areaWidth: Int, areaHeight: Int,
        sampling: Sampling
    ) -> PictureFrame? {
        let left = max(0, x), top = max(0, y)
        let region = PixelBox(
            x: left, y: top, width: min(areaWidth, x + width) - left,
            height: min(areaHeight, y + height) - top)
        guard !region.isEmpty else { return nil }
        return PictureFrame(
            frame: Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)),
            region: region, sampling: sampling)
    }

    /// Whether the region is the whole frame: all of the image shows, none of it is cut off.
    package var showsWholeImage: Bool {
        Double(region.x) == frame.minX && Double(region.y) == frame.minY && Double(region.width) == frame.width
            && Double(region.height) == frame.height
    }

    /// The cells the region covers, relative to the area: from the cell of its first pixel to the cell of its
    /// last (which the region may fill only in part).
    package func cells(_ cell: CellPixelSize) -> CellRect {
        let width = max(1, cell.width), height = max(1, cell.height)
        let x = region.x / width, y = region.y / height
        return CellRect(
            x: x, y: y, width: (region.maxX + width - 1) / width - x,
            height: (region.maxY + height - 1) / height - y)
    }

    /// The region's pixels of `image`, laid over `backdrop`: after resampling when smooth, so that a
    /// checkerboard keeps crisp squares of the picture's own size; before enlarging when whole, so that its
    /// squares stay on the image's pixels while the view pans. A smooth enlargement (the fitted preview on a
    /// pane larger than its composite, made again on every parameter key) uses the Catmull-Rom cubic, four
    /// taps instead of Lanczos-3's six, and for an opaque composite `Resampler.resampleOpaque`, which has no
    /// transparency to carry; reductions keep Lanczos-3.
    package func render(_ image: RGBAImage, over backdrop: Backdrop) -> RGBAImage {
        switch sampling {
        case .smooth:
            // The whole image at its own pixels (a list avatar composed at exactly its size): nothing to resample.
            if showsWholeImage, frame.width == Double(image.width), frame.height == Double(image.height) {
                return backdrop.composite(image)
            }
            let enlarges = frame.width >= Double(image.width) && frame.height >= Double(image.height)
            if enlarges,
                let enlarged = Resampler.resampleOpaque(image, frame: frame, region: region, kernel: .catmullRom)
            {
                return enlarged
            }
            return backdrop.composite(
                Resampler.resample(image, frame: frame, region: region, kernel: enlarges ? .catmullRom : .lanczos3)
                    ?? RGBAImage(width: region.width, height: region.height))
        case .whole(let magnification):
            return magnified(backdrop.composite(image), by: magnification)
        }
    }

    /// Nearest-neighbour enlargement of the part of `image` the region shows.
    private func magnified(_ image: RGBAImage, by magnification: Int) -> RGBAImage {
        var result = RGBAImage(width: region.width, height: region.height)
        guard image.pixels.count == image.width * image.height * 4, image.width > 0, image.height > 0 else {
            return result
        }
        let originX = region.x - Int(frame.minX), originY = region.y - Int(frame.minY)
        let columns = (0..<region.width).map { min(image.width - 1, max(0, (originX + $0) / magnification)) }
        result.pixels.withUnsafeMutableBufferPointer { target in
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<region.height {
                    let sourceRow = min(image.height - 1, max(0, (originY + y) / magnification)) * image.width
                    let targetRow = y * region.width
                    for x in 0..<region.width {
                        let from = (sourceRow + columns[x]) * 4, to = (targetRow + x) * 4
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                        target[to + 3] = source[from + 3]
                    }
                }
            }
        }
        return result
    }
}
