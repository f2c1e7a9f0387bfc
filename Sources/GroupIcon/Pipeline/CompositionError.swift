/// Why the avatar pipeline made no picture: the calling task was cancelled, or the request breaks one of
/// GroupIcon's limits. Limits are checked before any photo is read or any pixel memory is reserved, so a refused
/// request costs nothing.
public enum CompositionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The calling task was cancelled; nothing partial was kept.
    case cancelled
    /// The parameters break a rule of `CompositionLimits` for the members at hand: a parameter outside its
    /// range (which may depend on others: the margin on the size), a canvas of more than
    /// `CompositionLimits.maximumPixelSize` pixels per side, tiles too small to show a face or a member-style
    /// border wider than its tile allows. The problem names the parameter, its value and the limit.
    case limitBroken(LimitProblem)
    /// An image side asked for in pixels (`parameter`: an `AvatarStyle`'s width, height or diameter, a source's
    /// minimum side) is not between 1 and `maximum` (`CompositionLimits.maximumPixelSize`).
    case sideOutOfRange(parameter: String, side: Int, maximum: Int)

    public var description: String {
        switch self {
        case .cancelled: return "GroupIcon: the composition was cancelled"
        case .limitBroken(let problem): return "GroupIcon cannot compose with these parameters: \(problem)"
        case .sideOutOfRange(let parameter, let side, let maximum):
            return "GroupIcon cannot make an image \(side) px on a side (\(parameter)): it must be 1 to \(maximum) px"
        }
    }

    /// Refuses `parameters` when they break a limit for composites of `memberCounts` members.
    static func check(_ parameters: CompositionParameters, memberCounts: [Int]) throws(CompositionError) {
        if let problem = CompositionLimits.problem(parameters, memberCounts: memberCounts) {
            throw .limitBroken(problem)
        }
    }

    /// Refuses a side of `side` pixels outside 1...`CompositionLimits.maximumPixelSize`.
    static func check(side: Int, parameter: String) throws(CompositionError) {
        guard (1...CompositionLimits.maximumPixelSize).contains(side) else {
            throw .sideOutOfRange(parameter: parameter, side: side, maximum: CompositionLimits.maximumPixelSize)
        }
    }
}
