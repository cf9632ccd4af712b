import Testing
@testable import GhostlineCore

/// The caller owns the Escape timeout: these pin what `flush()` resolves and what it leaves alone.
@Suite struct KeyDecoderTimeoutTests {
    private let escape = Array("\u{1B}".utf8)

    @Test func loneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(escape) == [])
        #expect(decoder.isPending)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.isPending)
    }

    @Test func escapeFlushedBeforeTheRestArrivesIsTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(escape) == [])
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.feed(Array("[D".utf8)) == [.text("[D")])
    }

    @Test func escapeCompletedBeforeTheTimeoutIsASequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(escape) == [])
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.isPending)
        #expect(decoder.feed(Array("D".utf8)) == [.key(.left)])
        #expect(!decoder.isPending)
    }

    @Test func nothingPendingFlushesToNothing() {
        var decoder = KeyDecoder()
        #expect(!decoder.isPending)
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("ab".utf8)) == [.text("ab")])
        #expect(!decoder.isPending)
        #expect(decoder.flush() == [])
    }

    @Test func unfinishedCharacterIsHeldThenReplaced() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x61, 0xE2, 0x82]) == [.text("a")])
        #expect(decoder.isPending)
        #expect(decoder.flush() == [.text("\u{FFFD}")])
        #expect(decoder.feed([0xAC]) == [.text("\u{FFFD}")])
    }

    @Test func characterSplitAcrossFeedsIsJoined() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xF0, 0x9F]) == [])
        #expect(decoder.feed([0x8E]) == [])
        #expect(decoder.feed([0x89]) == [.text("🎉")])
    }

    @Test func unterminatedControlSequenceIsDropped() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;5".utf8)) == [])
        #expect(decoder.isPending)
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("C".utf8)) == [.text("C")])
    }

    @Test func unterminatedStringIsReplayedAsTyping() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}]ab\r".utf8)) == [])
        #expect(decoder.flush() == [.alt("]"), .text("ab"), .key(.enter)])
    }

    @Test func unterminatedStringBeforeEscapeIsReplayedThenEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}Pq\u{1B}".utf8)) == [])
        #expect(decoder.flush() == [.alt("P"), .text("q"), .key(.escape)])
    }

    @Test func overlongStringIsNotReplayed() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}]".utf8) + Array(repeating: 0x61, count: 5000)) == [])
        #expect(decoder.flush() == [])
    }

    @Test func pasteIsNotPendingAndSurvivesFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)) == [])
        #expect(decoder.isInsidePaste)
        #expect(!decoder.isPending)
        #expect(decoder.flush() == [])
        #expect(decoder.isInsidePaste)
        #expect(decoder.feed(Array("1~".utf8)) == [.paste("abc")])
        #expect(!decoder.isInsidePaste)
    }

    @Test func pasteStartSplitFromTheEscapeIsStillAPaste() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(escape) == [])
        #expect(decoder.feed(Array("[200".utf8)) == [])
        #expect(!decoder.isInsidePaste)
        #expect(decoder.feed(Array("~x".utf8)) == [])
        #expect(decoder.isInsidePaste)
    }
}
