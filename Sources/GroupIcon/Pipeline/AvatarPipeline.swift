import FileSystem

/// Loads members' photos, styles them and composes group avatars, with coalescing and caches.
///
/// Flow per composite: the first `maximumMembers` members of the layout are stat-ed to build the `CompositeKey`;
/// the composite comes from the memory cache, else the disk cache, else it is made: the layout gives the tiles,
/// each member's photo is decoded (in parallel, one child task per member) at a minimum side covering the
/// largest tile and handed to the compositor, which centre-crops, resamples, clips and places it.
///
/// Decoded photos are cached by image identity and kept at the largest size asked for so far: a request asks
/// the decoder for the next power of two at or above the side it needs (so tiles of similar size share one
/// decode, and that maps onto JPEG's 1/2..1/8 scaling), and a photo decoded larger, or at full resolution,
/// answers any smaller request. Concurrent identical requests (same source and size bucket, same styled
/// avatar, same composite key) share one piece of work.
///
/// Every method may be called from any task. Cancelling the calling task makes it throw `CancellationError`
/// right away; work another request still waits for goes on, and nothing partial is cached.
public final class AvatarPipeline: Sendable {
    public let dependencies: PipelineDependencies
    public let configuration: PipelineConfiguration
    /// Where composites persist between runs (`configuration.compositeCache`), nil when memory only.
    public var compositeCache: (any CompositeCaching)? { configuration.compositeCache }

    let sourceCache: MemoryCache<ImageIdentity, DecodedSource>
    let styledCache: MemoryCache<StyledAvatarKey, StyledAvatar>
    let compositeMemory: MemoryCache<CompositeKey, Composite>
    private let sourceRequests: RequestCoalescer<SourceRequestKey, DecodedSource>
    private let styledRequests: RequestCoalescer<StyledAvatarKey, StyledAvatar>
    private let compositeRequests: RequestCoalescer<CompositeKey, CompositeResponse>
    private let recorder: StatisticsRecorder

    public init(dependencies: PipelineDependencies, configuration: PipelineConfiguration = PipelineConfiguration()) {
        self.dependencies = dependencies
        self.configuration = configuration
        func cache<Key, Value>(_ limits: MemoryCacheLimits, cost: @escaping @Sendable (Value) -> Int)
            -> MemoryCache<Key, Value>
        {
            MemoryCache(costLimit: limits.costLimit, countLimit: limits.countLimit, cost: cost)
        }
        sourceCache = cache(configuration.sourceCacheLimits) { $0.cost }
        styledCache = cache(configuration.styledCacheLimits) { $0.image.pixels.count }
        compositeMemory = cache(configuration.compositeCacheLimits) { $0.image.pixels.count }
        let recorder = StatisticsRecorder()
        self.recorder = recorder
        let countWait: @Sendable () -> Void = { recorder.record { $0.coalescedWaits += 1 } }
        sourceRequests = RequestCoalescer(onCoalescedWait: countWait)
        styledRequests = RequestCoalescer(onCoalescedWait: countWait)
        compositeRequests = RequestCoalescer(onCoalescedWait: countWait)
    }

    /// What the pipeline has done so far.
    public var statistics: PipelineStatistics { recorder.snapshot }

    /// The composite of `members` (the first `maximumMembers` of its layout) under `parameters`.
    /// Members without a usable photo are drawn as placeholders and reported in `warnings`.
    public func composite(members: [MemberSource], parameters: CompositionParameters)
        async throws(CancellationError) -> CompositeResponse
    {
        let drawn = CompositeKey.drawnMembers(members, layout: parameters.layout)
        let identities = drawn.map(ImageIdentity.init(of:))
        let hidden = members.count - drawn.count
        let key = CompositeKey(drawn: Array(zip(drawn, identities)), hiddenMembers: hidden, parameters: parameters,
                               allowedFolders: configuration.allowedFolders)
        if let cached = compositeMemory.value(for: key) {
            recorder.record { $0.memoryHits += 1 }
            return CompositeResponse(composite: cached, key: key, cacheHit: .memory)
        }
        return try await compositeRequests.value(for: key) { [self] in
            await makeComposite(drawn: drawn, identities: identities, hiddenMembers: hidden, key: key,
                                parameters: parameters)
        }
    }

    /// One member's decoded photo with a shorter side of at least `minimumSide` pixels when the photo is that
    /// large (nil = full resolution), or their placeholder (`minimumSide` square, in `placeholder` style) with
    /// a warning when the file is missing or undecodable. A member without an avatar gets the placeholder and
    /// no warning.
    public func source(_ member: MemberSource, minimumSide: Int?, placeholder: PlaceholderStyle = .initials)
        async throws(CancellationError) -> (RGBAImage, AvatarWarning?)
    {
        let source = try await source(member, identity: ImageIdentity(of: member), minimumSide: minimumSide,
                                      placeholder: placeholder)
        return (source.image, source.warning)
    }

    /// One member's avatar in `style` (placeholder and warning as for `source`). Styled avatars are kept in
    /// memory and, except for `original` and custom styles, in the composite store (`compositeCache`) under a
    /// key of their own that covers the style and the member's file identity.
    public func styled(_ member: MemberSource, style: AvatarStyle, placeholder: PlaceholderStyle = .initials)
        async throws(CancellationError) -> (RGBAImage, AvatarWarning?)
    {
        let avatar = try await styled(member, identity: ImageIdentity(of: member), style: style, placeholder: placeholder)
        return (avatar.image, avatar.warning)
    }

    /// Number of requests with work in flight (sources, styled avatars, composites); 0 when idle.
    func inFlightCount() async -> Int {
        let sources = await sourceRequests.inFlightCount
        let styled = await styledRequests.inFlightCount
        return await sources + styled + compositeRequests.inFlightCount
    }

    /// The power of two at or above `side` that sources are decoded at (see the type's documentation).
    static func sideBucket(_ side: Int) -> Int {
        guard side > 1 else { return 1 }
        guard side <= 1 << 20 else { return side }
        return 1 << (Int.bitWidth - (side - 1).leadingZeroBitCount)
    }

    // MARK: - Steps

    private func makeComposite(drawn: [MemberSource], identities: [ImageIdentity], hiddenMembers: Int,
                               key: CompositeKey, parameters: CompositionParameters) async -> CompositeResponse?
    {
        if let cached = compositeMemory.value(for: key) {
            recorder.record { $0.memoryHits += 1 }
            return CompositeResponse(composite: cached, key: key, cacheHit: .memory)
        }
        if let stored = compositeCache?.composite(for: key) {
            recorder.record { $0.diskHits += 1 }
            compositeMemory.set(stored, for: key)
            return CompositeResponse(composite: stored, key: key, cacheHit: .disk)
        }
        guard !Task.isCancelled else { return nil }

        let tiles = Array(dependencies.layoutTiles(drawn.count, parameters).prefix(drawn.count))
        // Decoded sources go to the compositor as they are: it centre-crops and resamples each photo once,
        // straight onto the tile's fractional pixel frame. The decode only needs to cover the largest tile.
        let largestSide = tiles.map { max($0.frame.width, $0.frame.height) }.max() ?? 0
        let minimumSide = max(1, Int((largestSide * Double(parameters.scale)).rounded(.up)))
        let sources = await withTaskGroup(of: (Int, SourceImage?).self) { group in
            for index in tiles.indices {
                group.addTask { [self] in
                    (index, try? await source(drawn[index], identity: identities[index], minimumSide: minimumSide,
                                              placeholder: parameters.placeholder))
                }
            }
            var results = [SourceImage?](repeating: nil, count: tiles.count)
            for await (index, source) in group { results[index] = source }
            return results
        }
        let images = sources.compactMap { $0?.image }
        guard images.count == tiles.count, !Task.isCancelled else { return nil }

        let input = CompositionInput(parameters: parameters, canvas: Layouts.canvas(count: drawn.count, parameters: parameters),
                                     tiles: tiles, images: images, hiddenMembers: hiddenMembers,
                                     placeholders: Set(sources.indices.filter { sources[$0]?.isPlaceholder == true }))
        let composite = Composite(image: dependencies.compose(input), warnings: sources.compactMap { $0?.warning })
        recorder.record { $0.compositesMade += 1 }
        compositeMemory.set(composite, for: key)
        if let compositeCache {
            do { try compositeCache.store(composite, for: key) } catch { recorder.record { $0.diskWriteFailures += 1 } }
        }
        return CompositeResponse(composite: composite, key: key, cacheHit: nil)
    }

    private func styled(_ member: MemberSource, identity: ImageIdentity, style: AvatarStyle,
                        placeholder: PlaceholderStyle) async throws(CancellationError) -> StyledAvatar
    {
        let key = StyledAvatarKey(identity: identity, memberID: member.id, memberName: member.name, style: style,
                                  placeholder: placeholder, allowedFolders: configuration.allowedFolders)
        if let cached = styledCache.value(for: key) {
            recorder.record { $0.memoryHits += 1 }
            return cached
        }
        return try await styledRequests.value(for: key) { [self] in
            if let cached = styledCache.value(for: key) { return cached }
            let diskKey = key.storedKey
            if let diskKey, let stored = compositeCache?.composite(for: diskKey) {
                recorder.record { $0.diskHits += 1 }
                let avatar = StyledAvatar(image: stored.image, warning: stored.warnings.first)
                styledCache.set(avatar, for: key)
                return avatar
            }
            guard let source = try? await source(member, identity: identity, minimumSide: style.requiredSourceSide,
                                                 placeholder: placeholder)
            else { return nil }
            let (image, warning) = (source.image, source.warning)
            let avatar: StyledAvatar
            if let styledImage = style.apply(to: image) {
                avatar = StyledAvatar(image: styledImage, warning: warning)
            } else {
                let failure = AvatarWarning(memberID: member.id, memberName: member.name, path: member.imagePath,
                                            message: "style \(style) produced no image; using the unstyled avatar")
                avatar = StyledAvatar(image: image, warning: warning ?? failure)
            }
            styledCache.set(avatar, for: key)
            if let diskKey, let compositeCache {
                do {
                    try compositeCache.store(Composite(image: avatar.image, warnings: avatar.warning.map { [$0] } ?? []),
                                             for: diskKey)
                } catch {
                    recorder.record { $0.diskWriteFailures += 1 }
                }
            }
            return avatar
        }
    }

    private func source(_ member: MemberSource, identity: ImageIdentity, minimumSide: Int?,
                        placeholder style: PlaceholderStyle) async throws(CancellationError) -> SourceImage
    {
        func placeholder(_ warning: AvatarWarning? = nil) -> SourceImage {
            SourceImage(image: dependencies.placeholder(member.id, member.name,
                                                        max(1, minimumSide ?? configuration.defaultPlaceholderSide), style),
                        warning: warning, isPlaceholder: true)
        }
        func warning(_ path: String, _ problem: String) -> AvatarWarning {
            AvatarWarning(memberID: member.id, memberName: member.name, path: path,
                          message: "\(problem); using a placeholder")
        }
        if let path = member.imagePath, let allowedFolders = configuration.allowedFolders {
            do { try allowedFolders.check(path) } catch { return placeholder(warning(path, error.reason)) }
        }
        switch identity {
        case .none:
            return placeholder()
        case .missing(let path):
            // Say why it could not be looked at: a too-long name or an unsearchable folder is no missing file.
            let problem = FileIO.lookUpProblem(of: path)
            let reason = problem.map { if case .notFound = $0 { "file not found" } else { $0.reason } }
            return placeholder(warning(path, reason ?? "file not found"))
        case .file(let path, _, _):
            switch try await decodedSource(identity: identity, path: path, minimumSide: minimumSide) {
            case .image(let image, _): return SourceImage(image: image, warning: nil, isPlaceholder: false)
            case .failed(let reason): return placeholder(warning(path, reason))
            }
        }
    }

    private func decodedSource(identity: ImageIdentity, path: String, minimumSide: Int?)
        async throws(CancellationError) -> DecodedSource
    {
        let bucket = minimumSide.map(AvatarPipeline.sideBucket)
        if let cached = sourceCache.value(for: identity), cached.satisfies(minimumSide: bucket) {
            recorder.record { $0.memoryHits += 1 }
            return cached
        }
        return try await sourceRequests.value(for: SourceRequestKey(identity: identity, minimumSide: bucket)) {
            [self] in
            if let cached = sourceCache.value(for: identity), cached.satisfies(minimumSide: bucket) {
                recorder.record { $0.memoryHits += 1 }
                return cached
            }
            guard !Task.isCancelled else { return nil }
            recorder.record { $0.decodes += 1 }
            let decoded: DecodedSource
            do {
                let bytes = try dependencies.readFile(path, configuration.maximumSourceFileBytes)
                decoded = .image(try dependencies.decode(bytes, bucket), requestedMinimumSide: bucket)
            } catch {
                decoded = .failed(reason: String(describing: error))
            }
            // Keep the largest decode: a concurrent request for a larger bucket may have stored one meanwhile.
            if let current = sourceCache.value(for: identity), current.satisfies(minimumSide: decoded.coveredSide),
               !decoded.satisfies(minimumSide: current.coveredSide)
            {
                return decoded
            }
            sourceCache.set(decoded, for: identity)
            return decoded
        }
    }
}

/// What the source coalescer shares work by: one decode per image identity and size bucket.
struct SourceRequestKey: Hashable, Sendable {
    var identity: ImageIdentity
    var minimumSide: Int?
}

/// A styled avatar's cache key. Id, name and the placeholder style are part of it because they decide the
/// placeholder; so are the allowed folders, because a confined pipeline draws a placeholder for a photo outside them.
struct StyledAvatarKey: Hashable, Sendable {
    var identity: ImageIdentity
    var memberID: String
    var memberName: String
    var style: AvatarStyle
    var placeholder: PlaceholderStyle
    var allowedFolders: PathConfinement?

    /// The key on disk (in the pipeline's `CompositeCaching` store); nil for styles that are not stored
    /// there: `original` (the photo file itself is the stored form) and custom transforms (known only by a
    /// name that may stand for other code in another run).
    var storedKey: CompositeKey? {
        switch style {
        case .original, .custom: return nil
        case .rectangle, .roundedRectangle, .circle: return CompositeKey(styledAvatar: self)
        }
    }
}

/// A member's picture for a tile: the decoded photo, or their placeholder (with the warning that explains why,
/// if any).
struct SourceImage: Sendable {
    var image: RGBAImage
    var warning: AvatarWarning?
    var isPlaceholder: Bool
}

/// A styled avatar and the warning met while making it.
struct StyledAvatar: Hashable, Sendable {
    var image: RGBAImage
    var warning: AvatarWarning?
}
