internal import FileSystem
import Imaging

/// Loads members' photos, styles them and composes group avatars, with coalescing, caches and a memory budget.
///
/// Flow per composite: the first `maximumMembers` members of the layout are stat-ed to build the `CompositeKey`;
/// the composite comes from the memory cache, else the disk cache, else it is made: the layout gives the tiles,
/// the pixel memory the composite needs (canvas and the decodes not cached yet, from their headers) is reserved
/// from the memory budget, waiting while it is used up; then each member's photo is decoded (in parallel, one
/// child task per member) at a minimum side covering the largest tile and handed to the compositor, which
/// centre-crops, resamples, clips and places it.
///
/// A request asks the decoder for the next power of two at or above the side it needs, so tiles of similar
/// size share one decode (and that maps onto JPEG's 1/2..1/8 scaling). Decoded photos are cached by file
/// version and exactly that bucket (`SourceKey`): a composite's pixels depend only on its inputs and
/// parameters, never on what else was decoded before. Concurrent identical requests (same file version and
/// bucket, same styled avatar, same composite key) share one piece of work. A file identity names the file
/// (device and inode), not the path, so spellings of one path and hard links share their decodes.
///
/// Every method may be called from any task. Cancelling the calling task makes it throw
/// `CompositionError.cancelled` right away; work another request still waits for goes on, and nothing partial is
/// cached. Parameters that break `CompositionLimits` (a margin larger than a quarter of the size, a canvas of
/// more than `CompositionLimits.maximumPixelSize` pixels) throw `CompositionError.limitBroken` before any photo
/// is read or any memory is reserved.
public final class AvatarPipeline: Sendable {
    /// How photos are read, decoded and composed: `PipelineDependencies.live`, or fakes in tests.
    public let dependencies: PipelineDependencies
    /// Cache sizes, the composite store and the memory limit it was made with.
    public let configuration: PipelineConfiguration
    /// Where composites persist between runs (`configuration.compositeCache`), nil when memory only.
    public var compositeCache: (any CompositeCaching)? { configuration.compositeCache }

    let sourceCache: MemoryCache<SourceKey, DecodedSource>
    let styledCache: MemoryCache<StyledAvatarKey, StyledAvatar>
    let compositeMemory: MemoryCache<CompositeKey, Composite>
    /// Downloaded photos by content identity, between resolving a URL's identity and decoding it.
    private let downloads: MemoryCache<String, [UInt8]>
    private let sourceRequests: RequestCoalescer<SourceKey, DecodedSource>
    private let styledRequests: RequestCoalescer<StyledAvatarKey, StyledAvatar>
    private let compositeRequests: RequestCoalescer<CompositeKey, CompositeResponse>
    private let recorder: StatisticsRecorder

    /// A pipeline with its own memory caches, working through `dependencies` within `configuration`'s
    /// limits. Pipelines share nothing, so one per process (or per composite store) is the usual number.
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
        downloads = cache(MemoryCacheLimits(costLimit: 64 << 20, countLimit: 1024)) { $0.count }
        let recorder = StatisticsRecorder()
        self.recorder = recorder
        let countWait: @Sendable () -> Void = { recorder.record { $0.coalescedWaits += 1 } }
        sourceRequests = RequestCoalescer(onCoalescedWait: countWait)
        styledRequests = RequestCoalescer(onCoalescedWait: countWait)
        compositeRequests = RequestCoalescer(onCoalescedWait: countWait)
    }

    /// What the pipeline has done so far.
    public var statistics: PipelineStatistics { recorder.snapshot }

    /// The identity of `member`'s photo as this pipeline sees it: a file's (with its content hash under
    /// `verifyContent`), or a URL's, which is fetched (through the download cache) to know its content.
    public func identity(of member: MemberSource) async -> ImageIdentity {
        guard member.photo == nil, let location = member.imagePath, RemotePhotoSource.isURL(location) else {
            return fileIdentity(of: member)
        }
        guard let remote = dependencies.remotePhotos else {
            return .remote(
                RemoteIdentity(
                    url: location, redactedURL: "an http(s) URL", contentIdentity: nil,
                    failure: "photos from URLs are not fetched: the pipeline has no remotePhotos source"))
        }
        do {
            let photo = try await remote.fetch(location)
            downloads.set(photo.bytes, for: photo.contentIdentity)
            return .remote(
                RemoteIdentity(
                    url: location, redactedURL: remote.redact(location),
                    contentIdentity: photo.contentIdentity, failure: nil))
        } catch {
            return .remote(
                RemoteIdentity(
                    url: location, redactedURL: remote.redact(location), contentIdentity: nil,
                    failure: String(describing: error)))
        }
    }

    /// The identity of a member whose avatar is no URL. A path outside the allowed folders is not looked at
    /// (not even hashed): it is drawn as a placeholder whatever is there.
    private func fileIdentity(of member: MemberSource) -> ImageIdentity {
        if member.photo == nil, let path = member.imagePath, let allowedFolders = configuration.allowedFolders,
            (try? allowedFolders.check(path)) == nil
        {
            return .missing(path: path)
        }
        return ImageIdentity(
            of: member, verifyingContent: configuration.verifyContent,
            maximumFileBytes: configuration.maximumSourceFileBytes)
    }

    /// The identities of `members`, URLs fetched at once rather than one after another.
    private func identities(of members: [MemberSource]) async -> [ImageIdentity] {
        guard members.contains(where: { $0.photo == nil && ($0.imagePath.map(RemotePhotoSource.isURL) ?? false) })
        else {
            return members.map(fileIdentity(of:))
        }
        return await withTaskGroup(of: (Int, ImageIdentity).self) { group in
            for (index, member) in members.enumerated() {
                group.addTask { [self] in (index, await identity(of: member)) }
            }
            var identities = [ImageIdentity](repeating: .none, count: members.count)
            for await (index, identity) in group { identities[index] = identity }
            return identities
        }
    }

    /// The key the composite of `members` under `parameters` is cached under: what a `--skip-existing` run
    /// compares with the one recorded in an output file.
    public func key(members: [MemberSource], parameters: CompositionParameters) async -> CompositeKey {
        let drawn = CompositeKey.drawnMembers(members, layout: parameters.layout)
        return CompositeKey(
            drawn: Array(zip(drawn, await identities(of: drawn))),
            hiddenMembers: members.count - drawn.count, parameters: parameters,
            allowedFolders: configuration.allowedFolders)
    }

    /// The composite of `members` (the first `maximumMembers` of its layout) under `parameters`.
    /// Members without a usable photo are drawn as placeholders and reported in `warnings`. Throws
    /// `CompositionError.limitBroken` when `parameters` break `CompositionLimits` for this many members.
    public func composite(members: [MemberSource], parameters: CompositionParameters)
        async throws(CompositionError) -> CompositeResponse
    {
        try CompositionError.check(parameters, memberCounts: [members.count])
        let drawn = CompositeKey.drawnMembers(members, layout: parameters.layout)
        let identities = await identities(of: drawn)
        guard !Task.isCancelled else { throw .cancelled }
        let hidden = members.count - drawn.count
        let key = CompositeKey(
            drawn: Array(zip(drawn, identities)), hiddenMembers: hidden, parameters: parameters,
            allowedFolders: configuration.allowedFolders)
        if let cached = compositeMemory.value(for: key) {
            recorder.record { $0.memoryHits += 1 }
            return CompositeResponse(composite: cached, key: key, cacheHit: .memory)
        }
        do {
            return try await compositeRequests.value(for: key) { [self] in
                await makeComposite(
                    drawn: drawn, identities: identities, hiddenMembers: hidden, key: key,
                    parameters: parameters)
            }
        } catch {
            throw .cancelled
        }
    }

    /// A stand-in for `composite` while photos from URLs are still downloading: the members whose photo no
    /// cache holds yet drawn as `Placeholder.loading`, the others as usual; nil when every photo is at hand
    /// (then `composite` answers without the network). Never cached; made so that a chat list can show the
    /// group at once and swap in the real composite when it arrives. Refuses parameters as `composite` does.
    public func provisionalComposite(members: [MemberSource], parameters: CompositionParameters)
        async throws(CompositionError) -> Composite?
    {
        try CompositionError.check(parameters, memberCounts: [members.count])
        guard let remote = dependencies.remotePhotos else { return nil }
        let drawn = CompositeKey.drawnMembers(members, layout: parameters.layout)
        var identities: [ImageIdentity?] = []
        for member in drawn {
            guard member.photo == nil, let location = member.imagePath, RemotePhotoSource.isURL(location) else {
                identities.append(await identity(of: member))
                continue
            }
            guard let photo = await remote.cached(location) else {
                identities.append(nil)
                continue
            }
            downloads.set(photo.bytes, for: photo.contentIdentity)
            identities.append(
                .remote(
                    RemoteIdentity(
                        url: location, redactedURL: remote.redact(location),
                        contentIdentity: photo.contentIdentity, failure: nil)))
        }
        guard identities.contains(where: { $0 == nil }) else { return nil }
        let (tiles, minimumSide) = tiles(memberCount: drawn.count, parameters: parameters)
        var sources: [LoadedSource] = []
        for (member, identity) in zip(drawn, identities) {
            guard let identity else {
                sources.append(
                    LoadedSource(
                        image: Placeholder.loading(side: minimumSide), isCurrent: true,
                        warning: nil, isPlaceholder: true))
                continue
            }
            do {
                sources.append(
                    try await source(
                        member, identity: identity, minimumSide: minimumSide,
                        placeholder: parameters.placeholder))
            } catch {
                throw .cancelled
            }
        }
        // Warnings wait for the real composite.
        return Composite(
            image: compose(
                sources, tiles: tiles, memberCount: drawn.count,
                hiddenMembers: members.count - drawn.count, parameters: parameters
            ).image)
    }

    /// `photo` filling the whole canvas under `parameters`: centre-cropped and clipped by the canvas corner
    /// radius, the member style left out (it is for members' photos). A group's own avatar is drawn so.
    /// Kept in memory and in the composite store under a key of its own (`CompositeKey(photo:)`), like a
    /// composite. When the photo cannot be used there is no response and the warning says why; nothing is
    /// cached then, and concurrent requests share the decode, not the drawing. Refuses parameters outside
    /// their ranges and canvases over the pixel limit as `composite` does (there are no tiles to be too small).
    public func photoComposite(_ photo: MemberSource, parameters: CompositionParameters)
        async throws(CompositionError) -> (response: CompositeResponse?, warning: AvatarWarning?)
    {
        var parameters = parameters
        parameters.memberStyle = .rectangle
        try CompositionError.check(parameters, memberCounts: [])
        let identity = await identity(of: photo)
        guard !Task.isCancelled else { throw .cancelled }
        let key = CompositeKey(photo: identity, parameters: parameters, allowedFolders: configuration.allowedFolders)
        if let cached = cachedComposite(for: key) { return (cached, nil) }
        let side = parameters.pixelSize
        let estimate = AvatarPipeline.canvasWorkingBytes(side: side)
            .addingReportingOverflow(decodeEstimate(identity, bucket: AvatarPipeline.sideBucket(side))).partialValue
        let made = try await budgeted(estimate) { [self] () async -> (LoadedSource, RGBAImage?)? in
            guard
                let loaded = try? await source(
                    photo, identity: identity, minimumSide: side,
                    placeholder: parameters.placeholder)
            else { return nil }
            guard !loaded.isPlaceholder else { return (loaded, nil) }
            let canvas = Rect(x: 0, y: 0, width: parameters.size, height: parameters.size)
            var input = CompositionInput(
                parameters: parameters,
                canvas: Size(width: parameters.layoutSide, height: parameters.layoutSide),
                tiles: [Tile(frame: canvas, shape: .rect(canvas))], images: [loaded.image])
            input.deepImages = loaded.deep.map { [0: $0] } ?? [:]
            return (loaded, dependencies.compose(input))
        }
        guard let (loaded, image) = made else { throw .cancelled }
        guard let image else { return (nil, loaded.warning) }
        recorder.record { $0.compositesMade += 1 }
        let composite = Composite(image: image)
        // A photo that changed while it was read does not match the key: such a picture is not kept.
        if loaded.isCurrent { keep(composite, for: key) }
        return (CompositeResponse(composite: composite, key: key, cacheHit: nil), nil)
    }

    /// One member's decoded photo with a shorter side of at least `minimumSide` pixels when the photo is that
    /// large (nil = full resolution), or their placeholder (`minimumSide` square, in `placeholder` style) with
    /// a warning when the file is missing or undecodable. A member without an avatar gets the placeholder and
    /// no warning. A `minimumSide` outside 1...`CompositionLimits.maximumPixelSize` is refused
    /// (`CompositionError.sideOutOfRange`).
    public func source(_ member: MemberSource, minimumSide: Int?, placeholder: PlaceholderStyle = .initials)
        async throws(CompositionError) -> (RGBAImage, AvatarWarning?)
    {
        if let minimumSide { try CompositionError.check(side: minimumSide, parameter: "minimumSide") }
        let identity = await identity(of: member)
        let bucket = minimumSide.map(AvatarPipeline.sideBucket)
        let loaded = try await budgeted(decodeEstimate(identity, bucket: bucket)) { [self] in
            try? await source(member, identity: identity, minimumSide: minimumSide, placeholder: placeholder)
        }
        guard let loaded else { throw .cancelled }
        return (loaded.image, loaded.warning)
    }

    /// One member's avatar in `style` (placeholder and warning as for `source`). Styled avatars are kept in
    /// memory and, except for `original` and custom styles, in the composite store (`compositeCache`) under a
    /// key of their own that covers the style and the member's file identity. A style's width, height or
    /// diameter outside 1...`CompositionLimits.maximumPixelSize` is refused (`CompositionError.sideOutOfRange`).
    public func styled(_ member: MemberSource, style: AvatarStyle, placeholder: PlaceholderStyle = .initials)
        async throws(CompositionError) -> (RGBAImage, AvatarWarning?)
    {
        for (parameter, side) in style.sides { try CompositionError.check(side: side, parameter: parameter) }
        let identity = await identity(of: member)
        let bucket = style.requiredSourceSide.map(AvatarPipeline.sideBucket)
        let avatar = try await budgeted(decodeEstimate(identity, bucket: bucket)) { [self] in
            try? await styled(member, identity: identity, style: style, placeholder: placeholder)
        }
        guard let avatar else { throw .cancelled }
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

    /// The side photos are decoded at for `tiles` at `scale` pixels per point: covering the largest tile.
    static func minimumSourceSide(_ tiles: [Tile], scale: Double) -> Int {
        let largestSide = tiles.map { max($0.frame.width, $0.frame.height) }.max() ?? 0
        return max(1, Int((largestSide * scale).rounded(.up)))
    }

    /// Bytes of working memory the compositor needs for a canvas `side` pixels square: its float layer and
    /// coverage (20 bytes a pixel), masks and resampled tiles (up to as much again) and the 8-bit result.
    static func canvasWorkingBytes(side: Int) -> Int {
        let pixels = side.multipliedReportingOverflow(by: side)
        return pixels.overflow ? Int.max / 2 : min(Int.max / 2, pixels.partialValue * 48)
    }

    // MARK: - Steps

    private func makeComposite(
        drawn: [MemberSource], identities: [ImageIdentity], hiddenMembers: Int,
        key: CompositeKey, parameters: CompositionParameters
    ) async -> CompositeResponse? {
        if let cached = cachedComposite(for: key) { return cached }
        guard !Task.isCancelled else { return nil }

        // Decoded sources go to the compositor as they are: it centre-crops and resamples each photo once,
        // straight onto the tile's fractional pixel frame. The decode only needs to cover the largest tile.
        let (tiles, minimumSide) = tiles(memberCount: drawn.count, parameters: parameters)
        let bucket = AvatarPipeline.sideBucket(minimumSide)
        // Each distinct source once: spellings of one photo share a decode.
        var distinct = Set<ImageIdentity>()
        let estimate = identities.reduce(AvatarPipeline.canvasWorkingBytes(side: parameters.pixelSize)) {
            sum, identity in
            guard distinct.insert(identity).inserted else { return sum }
            return sum.addingReportingOverflow(decodeEstimate(identity, bucket: bucket)).partialValue
        }
        let made = try? await withBudget(estimate) { [self] () async -> (Composite, isCurrent: Bool)? in
            let sources = await withTaskGroup(of: (Int, LoadedSource?).self) { group in
                for index in tiles.indices {
                    group.addTask { [self] in
                        (
                            index,
                            try? await source(
                                drawn[index], identity: identities[index], minimumSide: minimumSide,
                                placeholder: parameters.placeholder)
                        )
                    }
                }
                var results = [LoadedSource?](repeating: nil, count: tiles.count)
                for await (index, source) in group { results[index] = source }
                return results
            }
            let loaded = sources.compactMap { $0 }
            guard loaded.count == tiles.count, !Task.isCancelled else { return nil }
            let composite = compose(
                loaded, tiles: tiles, memberCount: drawn.count, hiddenMembers: hiddenMembers,
                parameters: parameters)
            return (composite, loaded.allSatisfy(\.isCurrent))
        }
        guard let (composite, isCurrent) = made ?? nil else { return nil }
        recorder.record { $0.compositesMade += 1 }
        // A photo that changed while it was read does not match the key: such a composite is not kept.
        if isCurrent { keep(composite, for: key) }
        return CompositeResponse(composite: composite, key: key, cacheHit: nil)
    }

    /// The composite kept for `key` in memory, else in the composite store (then kept in memory too).
    private func cachedComposite(for key: CompositeKey) -> CompositeResponse? {
        if let cached = compositeMemory.value(for: key) {
            recorder.record { $0.memoryHits += 1 }
            return CompositeResponse(composite: cached, key: key, cacheHit: .memory)
        }
        if let stored = compositeCache?.composite(for: key) {
            recorder.record { $0.diskHits += 1 }
            compositeMemory.set(stored, for: key)
            return CompositeResponse(composite: stored, key: key, cacheHit: .disk)
        }
        return nil
    }

    /// Keeps a composite just made for `key` in memory and in the composite store.
    private func keep(_ composite: Composite, for key: CompositeKey) {
        compositeMemory.set(composite, for: key)
        guard let compositeCache else { return }
        do { try compositeCache.store(composite, for: key) } catch { recorder.record { $0.diskWriteFailures += 1 } }
    }

    /// The tiles of a composite of `memberCount` drawn members, and the shorter side their photos are decoded to
    /// (enough for the largest tile).
    private func tiles(memberCount: Int, parameters: CompositionParameters) -> (tiles: [Tile], minimumSide: Int) {
        let tiles = Array(dependencies.layoutTiles(memberCount, parameters).prefix(memberCount))
        return (tiles, AvatarPipeline.minimumSourceSide(tiles, scale: parameters.pixelsPerPoint))
    }

    /// `sources` composed on `tiles` (one each, in order) with placeholders marked, and the sources' warnings.
    private func compose(
        _ sources: [LoadedSource], tiles: [Tile], memberCount: Int, hiddenMembers: Int,
        parameters: CompositionParameters
    ) -> Composite {
        var input = CompositionInput(
            parameters: parameters, canvas: Layouts.canvas(count: memberCount, parameters: parameters),
            tiles: tiles, images: sources.map(\.image), hiddenMembers: hiddenMembers,
            placeholders: Set(sources.indices.filter { sources[$0].isPlaceholder }))
        input.deepImages = Dictionary(
            uniqueKeysWithValues: sources.indices.compactMap { index in sources[index].deep.map { (index, $0) } })
        return Composite(image: dependencies.compose(input), warnings: sources.compactMap(\.warning))
    }

    /// `withBudget` for the public entry points, whose one error type says cancelled.
    private func budgeted<Result: Sendable>(_ bytes: Int, _ body: () async -> Result)
        async throws(CompositionError) -> Result
    {
        do { return try await withBudget(bytes, body) } catch { throw .cancelled }
    }

    /// Runs `body` with `bytes` reserved from the memory budget (at once when there is none).
    private func withBudget<Result: Sendable>(_ bytes: Int, _ body: () async -> Result)
        async throws(CancellationError) -> Result
    {
        guard let budget = configuration.memoryBudget else { return await body() }
        return try await budget.withReservation(bytes, body)
    }

    /// The bytes a decode of `identity` at `bucket` will hold (file and pixels); 0 when it is cached or has no
    /// content. Without a header to read, the encoded size stands in for the pixels.
    private func decodeEstimate(_ identity: ImageIdentity, bucket: Int?) -> Int {
        guard sourceCache.value(for: SourceKey(identity: identity, bucket: bucket)) == nil else { return 0 }
        let encoded: Int, pixels: Int?
        switch identity {
        case .file(let file):
            encoded = Int(clamping: file.version.size)
            pixels = dependencies.estimateDecodedBytes(file.path, bucket)
        case .remote(let remote):
            guard let content = remote.contentIdentity, let bytes = downloads.value(for: content) else { return 0 }
            encoded = bytes.count
            pixels = ImageDecoder.sourceByteCount(header: Array(bytes.prefix(1 << 18)), minimumSide: bucket)
        case .content(let content):
            // Decoded pixels are in memory already; bytes are decoded like a file's.
            guard case .encoded(let bytes) = content.form else { return 0 }
            encoded = bytes.count
            pixels = ImageDecoder.sourceByteCount(header: Array(bytes.prefix(1 << 18)), minimumSide: bucket)
        case .none, .missing:
            return 0
        }
        let (total, overflow) = encoded.addingReportingOverflow(pixels ?? encoded)
        return overflow ? Int.max / 2 : total
    }

    private func styled(
        _ member: MemberSource, identity: ImageIdentity, style: AvatarStyle,
        placeholder: PlaceholderStyle
    ) async throws(CancellationError) -> StyledAvatar {
        let key = StyledAvatarKey(
            identity: identity, memberID: member.id, memberName: member.name, style: style,
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
            guard
                let loaded = try? await source(
                    member, identity: identity, minimumSide: style.requiredSourceSide,
                    placeholder: placeholder)
            else { return nil }
            let avatar: StyledAvatar
            if let styledImage = style.apply(to: loaded.image) {
                avatar = StyledAvatar(image: styledImage, warning: loaded.warning)
            } else {
                let failure = AvatarWarning(
                    memberID: member.id, memberName: member.name, path: member.imagePath,
                    message: "style \(style) produced no image; using the unstyled avatar")
                avatar = StyledAvatar(image: loaded.image, warning: loaded.warning ?? failure)
            }
            // A photo that changed while it was read does not match the key: such an avatar is not kept.
            guard loaded.isCurrent else { return avatar }
            styledCache.set(avatar, for: key)
            if let diskKey, let compositeCache {
                do {
                    try compositeCache.store(
                        Composite(image: avatar.image, warnings: avatar.warning.map { [$0] } ?? []),
                        for: diskKey)
                } catch {
                    recorder.record { $0.diskWriteFailures += 1 }
                }
            }
            return avatar
        }
    }

    private func source(
        _ member: MemberSource, identity: ImageIdentity, minimumSide: Int?,
        placeholder style: PlaceholderStyle
    ) async throws(CancellationError) -> LoadedSource {
        func placeholder(_ warning: AvatarWarning? = nil, isCurrent: Bool = true) -> LoadedSource {
            LoadedSource(
                image: dependencies.placeholder(
                    member.id, member.name,
                    max(1, minimumSide ?? configuration.defaultPlaceholderSide), style),
                isCurrent: isCurrent, warning: warning, isPlaceholder: true)
        }
        func failure(_ path: String, _ problem: String, isCurrent: Bool = true) -> LoadedSource {
            placeholder(
                AvatarWarning(
                    memberID: member.id, memberName: member.name, path: path,
                    message: "\(problem); using a placeholder"), isCurrent: isCurrent)
        }
        if member.photo == nil, let path = member.imagePath, !RemotePhotoSource.isURL(path),
            let allowedFolders = configuration.allowedFolders
        {
            do { try allowedFolders.check(path) } catch { return failure(path, error.reason) }
        }
        switch identity {
        case .none:
            return placeholder()
        case .missing(let path):
            // Say why it could not be looked at: a too-long name or an unsearchable folder is no missing file.
            let problem = FileIO.lookUpProblem(of: path)
            return failure(
                path,
                problem.map { if case .notFound = $0 { "file not found" } else { $0.reason } }
                    ?? "file not found")
        case .remote(let remote) where remote.contentIdentity == nil:
            // The fetcher's message names the (redacted) URL itself.
            return placeholder(
                AvatarWarning(
                    memberID: member.id, memberName: member.name, path: nil,
                    message: "\(remote.failure ?? "not fetched"); using a placeholder"))
        case .file, .remote, .content:
            switch try await decodedSource(identity, bucket: minimumSide.map(AvatarPipeline.sideBucket)) {
            case .image(let image):
                return LoadedSource(image: image, isCurrent: true, warning: nil, isPlaceholder: false)
            case .deepImage(let image, let eightBit):
                return LoadedSource(image: eightBit, isCurrent: true, warning: nil, isPlaceholder: false, deep: image)
            case .failed(let path, let reason): return failure(path, reason)
            case .changed(let path): return failure(path, "changed while it was being read", isCurrent: false)
            }
        }
    }

    private func decodedSource(_ identity: ImageIdentity, bucket: Int?) async throws(CancellationError) -> DecodedSource
    {
        let key = SourceKey(identity: identity, bucket: bucket)
        if let cached = sourceCache.value(for: key) {
            recorder.record { $0.memoryHits += 1 }
            return cached
        }
        return try await sourceRequests.value(for: key) { [self] in
            if let cached = sourceCache.value(for: key) {
                recorder.record { $0.memoryHits += 1 }
                return cached
            }
            guard !Task.isCancelled else { return nil }
            recorder.record { $0.decodes += 1 }
            let decoded: DecodedSource
            switch identity {
            case .file(let file): decoded = decodeFile(file, bucket: bucket)
            case .remote(let remote): decoded = await decodeDownload(remote, bucket: bucket)
            case .content(let content): decoded = decodeContent(content, bucket: bucket)
            case .none, .missing: return nil
            }
            if case .changed = decoded { return decoded }
            sourceCache.set(decoded, for: key)
            return decoded
        }
    }

    /// `bytes` decoded through the dependencies: a 16-bit PNG's samples when the deep decoder takes them,
    /// else 8-bit pixels.
    private func decoded(_ bytes: [UInt8], bucket: Int?) throws -> DecodedSource {
        if let decodeDeep = dependencies.decodeDeep, let deep = try decodeDeep(bytes) {
            return .deepImage(deep, eightBit: deep.quantised())
        }
        return .image(try dependencies.decode(bytes, bucket))
    }

    /// Reads and decodes one file version; `.changed` when the bytes read are another version.
    private func decodeFile(_ file: PhotoFileIdentity, bucket: Int?) -> DecodedSource {
        // Messages name the file the same way however the member's path was spelled.
        let path = FileIO.canonicalPath(of: file.path) ?? file.path
        do {
            let bytes = try dependencies.readFile(file.path, configuration.maximumSourceFileBytes)
            // The bytes must be the version the identity (and so every cache key) describes.
            guard let now = FileIO.status(of: file.path), now.isSameVersion(as: file.version),
                file.contentDigest == nil || PhotoFileIdentity.digest(bytes) == file.contentDigest
            else { return .changed(path: path) }
            return try decoded(bytes, bucket: bucket)
        } catch let error as FileIOError {
            // The warning names the path already: the reason alone (not `x.jpg: x.jpg: is a FIFO`).
            return .failed(path: path, reason: error.reason)
        } catch {
            return .failed(path: path, reason: String(describing: error))
        }
    }

    /// A photo given in memory: its pixels, or its bytes decoded through the same seam and limits as a file's.
    private func decodeContent(_ content: PhotoContent, bucket: Int?) -> DecodedSource {
        switch content.form {
        case .decoded(let image): return .image(image)
        case .encoded(let bytes):
            let maximum = configuration.maximumSourceFileBytes
            guard bytes.count <= maximum else {
                return .failed(
                    path: content.label, reason: "\(CodecError.fileTooLarge(bytes: bytes.count, maxBytes: maximum))")
            }
            do {
                return try decoded(bytes, bucket: bucket)
            } catch {
                return .failed(path: content.label, reason: String(describing: error))
            }
        }
    }

    /// Decodes downloaded content: the bytes kept when the identity was resolved, else the download cache's
    /// (a 304 in between keeps the content); `.changed` when the URL serves other content by now.
    private func decodeDownload(_ remote: RemoteIdentity, bucket: Int?) async -> DecodedSource {
        guard let content = remote.contentIdentity else {
            return .failed(path: remote.redactedURL, reason: "not fetched")
        }
        var bytes = downloads.value(for: content)
        if bytes == nil, let photo = try? await dependencies.remotePhotos?.fetch(remote.url) {
            guard photo.contentIdentity == content else { return .changed(path: remote.redactedURL) }
            bytes = photo.bytes
        }
        guard let bytes else { return .changed(path: remote.redactedURL) }
        do {
            return try decoded(bytes, bucket: bucket)
        } catch {
            return .failed(path: remote.redactedURL, reason: String(describing: error))
        }
    }
}

/// A member's photo or placeholder as one composite uses it.
struct LoadedSource: Sendable {
    var image: RGBAImage
    /// False when the file changed while it was read, so nothing made from it may be cached.
    var isCurrent: Bool
    /// Why a placeholder stands in for the photo, if there is something to say.
    var warning: AvatarWarning?
    /// The image is the member's placeholder (the compositor keeps its label whole in tall or wide tiles).
    var isPlaceholder: Bool
    /// A 16-bit photo's samples (then `image` is their 8-bit rendering, for styled avatars): the compositor
    /// resamples these.
    var deep: RGBA16Image? = nil
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

/// A styled avatar and the warning met while making it.
struct StyledAvatar: Hashable, Sendable {
    var image: RGBAImage
    var warning: AvatarWarning?
}
