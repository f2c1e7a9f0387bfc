/// A decoded member photo (or why it could not be decoded) as the source cache keeps it.
enum DecodedSource: Hashable, Sendable {
    /// `requestedMinimumSide` is what the decoder was asked for (nil = full resolution).
    case image(RGBAImage, requestedMinimumSide: Int?)
    /// The file could not be read or decoded; cached too, since the identity changes when the file does.
    case failed(reason: String)

    /// Whether this answers a request for `minimumSide` (nil = full resolution) without decoding again.
    func satisfies(minimumSide: Int?) -> Bool {
        guard case .image = self, let covered = coveredSide else { return true }
        guard let minimumSide else { return false }
        return covered >= minimumSide
    }

    /// The largest minimum side this answers, nil when it answers every request (full resolution or failure).
    var coveredSide: Int? {
        guard case .image(let image, let requested) = self, let requested else { return nil }
        // A decoder returns the full image when it is smaller than asked for, so that one is full resolution.
        return min(image.width, image.height) < requested ? nil : requested
    }

    var cost: Int {
        switch self {
        case .image(let image, _): return image.pixels.count
        case .failed(let reason): return reason.utf8.count
        }
    }
}
