@testable import GroupIcon

/// the general-grid reference's two layout methods (`PYLayoutSudokuViewHandler`) transcribed for tests: every Masonry call
/// (`make.top.equalTo(superview).offset(topSpacing)`, `make.width.equalTo(prev)`, ...) becomes one linear
/// equation over the views' left, top, width and height and the superview's width and height, in the order
/// and under the conditions the reference writes them. Solving the system gives the frames Auto Layout would
/// compute, or nil where the reference's constraints contradict each other or leave a frame undetermined.
struct SudokuConstraints {
    /// The reference's inputs (`fixedItemSize`, `fixedItemSpacing`, `warpCount`, `sudokuViewEdges`).
    struct Inputs {
        var count: Int
        var warpCount: Int
        var itemSize: (width: Double, height: Double) = (0, 0)
        /// nil = the reference's `CGSizeMake(-1, -1)`: the fixed-item (stretching) method.
        var spacing: (width: Double, height: Double)?
        var edges: (top: Double, left: Double, bottom: Double, right: Double)
        /// The superview's size; nil = free (it grows to fit).
        var superview: Size?
    }

    private enum Attribute { case left, top, right, bottom, width, height }
    /// A view index, or the superview.
    private enum Item: Equatable {
        case view(Int)
        case superview
    }

    private var viewCount = 0
    private var rows: [[Double]] = []

    /// The frames of the first `inputs.count` views and the superview's size.
    static func frames(_ inputs: Inputs) -> (frames: [Rect], superview: Size)? {
        var system = SudokuConstraints()
        if inputs.spacing != nil { system.fixedItemSpacing(inputs) } else { system.notFixedItemSpacing(inputs) }
        if let superview = inputs.superview {
            system.equal(.superview, .width, constant: superview.width)
            system.equal(.superview, .height, constant: superview.height)
        }
        guard let solution = system.solve() else { return nil }
        let frames = (0..<inputs.count).map { i in
            Rect(x: solution[4 * i], y: solution[4 * i + 1], width: solution[4 * i + 2], height: solution[4 * i + 3])
        }
        let superviewIndex = 4 * system.viewCount
        return (frames, Size(width: solution[superviewIndex], height: solution[superviewIndex + 1]))
    }

    // MARK: - The reference's methods

    /// `mas_distributeSudokuViews_FixedItemSpacing:`, padding with empty views as the reference does.
    private mutating func fixedItemSpacing(_ inputs: Inputs) {
        let (fixedItemWidth, fixedItemHeight) = inputs.itemSize
        let fixedLineSpacing = inputs.spacing?.height ?? 0, fixedInteritemSpacing = inputs.spacing?.width ?? 0
        let warpCount = inputs.warpCount
        let (topSpacing, leadSpacing, bottomSpacing, tailSpacing) = inputs.edges
        guard inputs.count >= 1, warpCount >= 1 else { return }
        viewCount = max(inputs.count, warpCount)
        let columnCount = warpCount
        let rowCount = viewCount % columnCount == 0 ? viewCount / columnCount : viewCount / columnCount + 1
        var prev: Int?
        for i in 0..<viewCount {
            let v = Item.view(i)
            let currentRow = i / columnCount, currentColumn = i % columnCount
            if let prev {
                equal(v, .width, to: .view(prev), .width)
                equal(v, .height, to: .view(prev), .height)
            } else {
                if fixedItemWidth != 0 { equal(v, .width, constant: fixedItemWidth) }
                if fixedItemHeight != 0 { equal(v, .height, constant: fixedItemHeight) }
            }
            if currentRow == 0 { equal(v, .top, to: .superview, .top, offset: topSpacing) }
            if currentRow == rowCount - 1 {
                if currentRow != 0 && i - columnCount >= 0 {
                    equal(v, .top, to: .view(i - columnCount), .bottom, offset: fixedLineSpacing)
                }
                equal(v, .bottom, to: .superview, .bottom, offset: -bottomSpacing)
            }
            if currentRow != 0 && currentRow != rowCount - 1 {
                equal(v, .top, to: .view(i - columnCount), .bottom, offset: fixedLineSpacing)
            }
            if currentColumn == 0 { equal(v, .left, to: .superview, .left, offset: leadSpacing) }
            if currentColumn == columnCount - 1 {
                if currentColumn != 0, let prev {
                    equal(v, .left, to: .view(prev), .right, offset: fixedInteritemSpacing)
                }
                equal(v, .right, to: .superview, .right, offset: -tailSpacing)
            }
            if currentColumn != 0 && currentColumn != warpCount - 1, let prev {
                equal(v, .left, to: .view(prev), .right, offset: fixedInteritemSpacing)
            }
            prev = i
        }
    }

    /// `mas_distributeSudokuViews_NotFixedItemSpacing:` (the reference returns without a layout below two views).
    private mutating func notFixedItemSpacing(_ inputs: Inputs) {
        let (fixedItemWidth, fixedItemHeight) = inputs.itemSize
        let warpCount = inputs.warpCount
        let (topSpacing, leadSpacing, bottomSpacing, tailSpacing) = inputs.edges
        guard inputs.count >= 2, warpCount >= 1 else { return }
        viewCount = inputs.count
        let rowCount = viewCount % warpCount == 0 ? viewCount / warpCount : viewCount / warpCount + 1
        for i in 0..<viewCount {
            let v = Item.view(i)
            let currentRow = i / warpCount, currentColumn = i % warpCount
            equal(v, .width, constant: fixedItemWidth)
            equal(v, .height, constant: fixedItemHeight)
            if currentRow == 0 { equal(v, .top, to: .superview, .top, offset: topSpacing) }
            if currentRow == rowCount - 1 { equal(v, .bottom, to: .superview, .bottom, offset: -bottomSpacing) }
            if currentRow != 0 && currentRow != rowCount - 1 {
                let t = Double(currentRow) / (Double(rowCount) - 1)
                let offset =
                    (1 - t) * (fixedItemHeight + topSpacing) - Double(currentRow) * bottomSpacing
                    / (Double(rowCount) - 1)
                equal(v, .bottom, to: .superview, .bottom, multiplier: t, offset: offset)
            }
            if currentColumn == 0 { equal(v, .left, to: .superview, .left, offset: leadSpacing) }
            if currentColumn == warpCount - 1 { equal(v, .right, to: .superview, .right, offset: -tailSpacing) }
            if currentColumn != 0 && currentColumn != warpCount - 1 {
                let t = Double(currentColumn) / (Double(warpCount) - 1)
                let offset =
                    (1 - t) * (fixedItemWidth + leadSpacing) - Double(currentColumn) * tailSpacing
                    / (Double(warpCount) - 1)
                equal(v, .right, to: .superview, .right, multiplier: t, offset: offset)
            }
        }
    }

    // MARK: - Equations

    /// The attribute as coefficients over the unknowns (view i: 4i left, 4i+1 top, 4i+2 width, 4i+3 height;
    /// then the superview's width and height). The superview's own left and top are 0.
    private func terms(_ item: Item, _ attribute: Attribute) -> [Int: Double] {
        switch item {
        case .superview:
            let width = 4 * viewCount, height = 4 * viewCount + 1
            switch attribute {
            case .left, .top: return [:]
            case .right, .width: return [width: 1]
            case .bottom, .height: return [height: 1]
            }
        case .view(let i):
            switch attribute {
            case .left: return [4 * i: 1]
            case .top: return [4 * i + 1: 1]
            case .width: return [4 * i + 2: 1]
            case .height: return [4 * i + 3: 1]
            case .right: return [4 * i: 1, 4 * i + 2: 1]
            case .bottom: return [4 * i + 1: 1, 4 * i + 3: 1]
            }
        }
    }

    /// `make.<attribute>.equalTo(other.<otherAttribute>).multipliedBy(multiplier).offset(offset)`.
    private mutating func equal(
        _ item: Item, _ attribute: Attribute, to other: Item, _ otherAttribute: Attribute,
        multiplier: Double = 1, offset: Double = 0
    ) {
        var row = [Double](repeating: 0, count: 4 * viewCount + 3)
        for (index, value) in terms(item, attribute) { row[index] += value }
        for (index, value) in terms(other, otherAttribute) { row[index] -= multiplier * value }
        row[row.count - 1] = offset
        rows.append(row)
    }

    /// `make.<attribute>.equalTo(@(constant))`.
    private mutating func equal(_ item: Item, _ attribute: Attribute, constant: Double) {
        var row = [Double](repeating: 0, count: 4 * viewCount + 3)
        for (index, value) in terms(item, attribute) { row[index] += value }
        row[row.count - 1] = constant
        rows.append(row)
    }

    /// Gauss-Jordan elimination with partial pivoting: the unique solution, or nil when the equations
    /// contradict each other or leave an unknown free.
    private func solve() -> [Double]? {
        var matrix = rows
        let unknowns = 4 * viewCount + 2
        var pivotRow = 0
        for column in 0..<unknowns {
            guard let best = (pivotRow..<matrix.count).max(by: { abs(matrix[$0][column]) < abs(matrix[$1][column]) }),
                abs(matrix[best][column]) > 1e-9
            else { return nil }
            matrix.swapAt(pivotRow, best)
            let pivot = matrix[pivotRow][column]
            matrix[pivotRow] = matrix[pivotRow].map { $0 / pivot }
            for other in matrix.indices where other != pivotRow && matrix[other][column] != 0 {
                let factor = matrix[other][column]
                matrix[other] = zip(matrix[other], matrix[pivotRow]).map { $0 - factor * $1 }
            }
            pivotRow += 1
        }
        // Rows left over must read 0 = 0, else the constraints conflict (Auto Layout would break one).
        guard matrix[pivotRow...].allSatisfy({ abs($0[$0.count - 1]) < 1e-7 }) else { return nil }
        return (0..<unknowns).map { matrix[$0][matrix[$0].count - 1] }
    }
}
