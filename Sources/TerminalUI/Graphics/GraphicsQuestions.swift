/// The start-up exchange with the terminal: what to ask, in which order, and when every answer is in.
///
/// First `GraphicsDetection.query`; once its DA1 answer is in, `GraphicsDetection.sixelColorsQuery` where
/// `GraphicsDetection.asksSixelColors` says so. The terminal answers in order and always answers DA1, so the
/// wait for a round ends with its DA1 reply. The caller writes each `next()` and feeds what it reads until
/// `isWaiting` is false or its deadline passes, then calls `finish()`. Through a tmux that passes pictures the
/// questions go to the terminal outside, wrapped in tmux's passthrough (`GraphicsDetection.passthroughQuery`).
package struct GraphicsQuestions: Sendable {
    /// Everything the terminal answered so far.
    package private(set) var replies = TerminalReplies()
    private let option: GraphicsOption
    private let throughTmux: Bool
    private var parser = TerminalReplyParser()
    private var roundsAsked = 0
    private var deviceAttributesAnswers = 0

    /// `multiplexer`: the tmux or screen in between, if any (see `Multiplexer.passesPictures`); `continuing`:
    /// a reply an earlier exchange left unfinished, whose rest comes first (`TerminalReplyParser`).
    package init(option: GraphicsOption, multiplexer: Multiplexer? = nil, continuing: UnfinishedReply? = nil) {
        self.option = option
        throughTmux = multiplexer?.passesPictures == true
        parser = TerminalReplyParser(continuing: continuing)
    }

    /// A reply still unfinished after `finish()`: the reader after the exchange skips its rest.
    package var unfinishedReply: UnfinishedReply? { parser.unfinished }

    /// Whether a question was asked whose DA1 answer has not come.
    package var isWaiting: Bool { deviceAttributesAnswers < roundsAsked }

    /// The bytes to send next, nil when there is nothing more to ask (or the last round is still unanswered).
    package mutating func next() -> String? {
        guard !isWaiting else { return nil }
        let question: String? =
            switch roundsAsked {
            case 0: throughTmux ? GraphicsDetection.passthroughQuery : GraphicsDetection.query
            case 1 where GraphicsDetection.asksSixelColors(after: replies, option: option):
                throughTmux ? GraphicsDetection.passthroughSixelColorsQuery : GraphicsDetection.sixelColorsQuery
            default: nil
            }
        if question != nil { roundsAsked += 1 }
        return question
    }

    /// Records the replies among `bytes` and returns the key input among them, in order.
    package mutating func feed(_ bytes: [UInt8]) -> [UInt8] {
        record(parser.feed(bytes))
    }

    /// Ends the exchange: an unfinished sequence is key input after all. Returns that input.
    package mutating func finish() -> [UInt8] {
        record(parser.flush())
    }

    private mutating func record(_ events: [TerminalReplyParser.Event]) -> [UInt8] {
        for case .reply(.deviceAttributes) in events { deviceAttributesAnswers += 1 }
        return replies.record(events)
    }
}
