import Testing
@testable import GhostlineCore
import GhostlineTesting

/// Widths asked of the terminal: which clusters the tables cannot vouch for, the ambiguous-width
/// setting, the measurement's query and answers, and an entry drawn in the widths measured.
@Suite struct TerminalWidthsTests {
    static let family: Character = "👨‍👩‍👧"
    static let flag: Character = "🇫🇷"
    static let heart: Character = "❤️"

    @Test func theTablesHoldWhenNothingIsAsked() {
        let widths = TerminalWidths()
        for character: Character in [Self.family, Self.flag, Self.heart, "…", "a", "中"] {
            #expect(widths.columns(of: character) == (character.displayWidth, false))
        }
    }

    /// Sequences that terminals join or draw scalar by scalar, and code points newer than the
    /// tables, are measured; letters, ideographs and marks are not.
    @Test(arguments: ["👨‍👩‍👧", "🇫🇷", "❤️", "👍🏽", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "\u{1FAF9}", "🇦"] as [Character])
    func clustersTheTablesCannotVouchForAreMeasured(character: Character) {
        let widths = TerminalWidths(measuresClusters: true)
        #expect(widths.columns(of: character).needsMeasuring)
    }

    @Test(arguments: ["a", "中", "é", "e\u{301}", "😀", "…", "한"] as [Character])
    func otherClustersAreNot(character: Character) {
        let widths = TerminalWidths(measuresClusters: true)
        #expect(widths.columns(of: character) == (character.displayWidth, false))
    }

    @Test func ambiguousCharactersAreWideOnlyWhereSet() {
        let wide = TerminalWidths(ambiguousWidth: .wide)
        for character: Character in ["…", "±", "α", "Ж", "é", "\u{E000}"] {
            #expect(wide.columns(of: character) == (2, false), "\(character)")
        }
        // Not ambiguous: ASCII, a wide ideograph, a base that is not ambiguous under a mark, a mark.
        for character: Character in ["a", "中", "e\u{301}"] {
            #expect(wide.columns(of: character) == (character.displayWidth, false), "\(character)")
        }
        // An ambiguous base under VS16 is drawn wide before the selector comes: not measured.
        let measuring = TerminalWidths(ambiguousWidth: .wide, measuresClusters: true)
        #expect(measuring.columns(of: "\u{FFFD}\u{FE0F}") == (2, false))
        let unknown = TerminalWidths(ambiguousWidth: .unknown)
        #expect(unknown.columns(of: "…") == (1, true))
        #expect(unknown.columns(of: "a") == (1, false))
    }

    /// The first ambiguous character measured sets the width for all of them; a cluster's own
    /// width is kept for it alone.
    @Test func measuredWidthsAreKept() {
        var widths = TerminalWidths(ambiguousWidth: .unknown, measuresClusters: true)
        widths.record(2, for: "…")
        #expect(widths.ambiguousWidth == .wide)
        #expect(widths.columns(of: "±") == (2, false))
        widths.record(6, for: Self.family)
        #expect(widths.columns(of: Self.family) == (6, false))
        #expect(widths.columns(of: Self.flag) == (2, true))

        var later = TerminalWidths(ambiguousWidth: .narrow)
        later.record(2, for: "…")
        later.ambiguousWidth = .unknown
        later.learnAmbiguousWidth()
        #expect(later.ambiguousWidth == .wide, "learnt again from the character measured")

        widths.stopMeasuring()
        #expect(widths.columns(of: Self.flag) == (2, false))
        #expect(widths.columns(of: Self.family) == (6, false), "what was measured stays")
    }

    // MARK: - The measurement

    @Test func theQueryWritesEachClusterAtTheRowsStartAndAsksWhereTheCursorIs() {
        let measurement = WidthMeasurement(clusters: [Self.family, "…"])
        #expect(String(decoding: measurement.query, as: UTF8.self)
            == "\u{1B}[?2026h\u{1B}7\r\(Self.family)\u{1B}[6n\r…\u{1B}[6n\u{1B}8")
    }

    /// The answers come out of the bytes read, keys typed among them (an arrow's sequence too)
    /// go back in order, wherever a read ends.
    @Test func answersAreTakenOutOfTheKeysAtEverySplit() {
        let bytes = Array("x\u{1B}[5;7R\u{1B}[A\u{1B}[5;2Ry".utf8)
        for split in 0...bytes.count {
            var measurement = WidthMeasurement(clusters: [Self.family, "…"])
            var typed = measurement.receive(bytes[..<split])
            typed += measurement.receive(bytes[split...])
            typed += measurement.finishWaiting()
            #expect(typed == Array("x\u{1B}[Ay".utf8), "split at \(split)")
            #expect(measurement.widths == [6, 1], "split at \(split)")
            #expect(measurement.isAnswered)
        }
    }

    @Test func answersThatMakeNoSenseMeasureNothingAndKeysAfterTheAnswersStayKeys() {
        var measurement = WidthMeasurement(clusters: [Self.family, Self.flag])
        // A row of 0 is no report: it goes back as the keys it may be.
        var typed = measurement.receive(Array("\u{1B}[0;3R".utf8))
        #expect(typed == Array("\u{1B}[0;3R".utf8))
        typed = measurement.receive(Array("\u{1B}[1;90R\u{1B}[1;3R\u{1B}[1;3R".utf8))
        #expect(measurement.widths == [nil, 2], "a width past the widest is no width")
        #expect(typed == Array("\u{1B}[1;3R".utf8), "once answered, it takes nothing more")
        var waiting = WidthMeasurement(clusters: [Self.flag])
        #expect(waiting.receive([0x1B]).isEmpty)
        #expect(waiting.finishWaiting() == [0x1B], "an Escape held at the wait's end is a key")
    }

    // MARK: - An entry drawn in the widths measured

    /// A frame that meets a cluster to measure is not drawn; once measured, the entry is drawn
    /// in the terminal's widths, and the cluster is never measured again.
    @Test func anEntryWaitsForItsClustersToBeMeasuredAndIsDrawnInTheirWidths() {
        var session = EntrySession(appearance: EntryAppearance(prompt: "> "), width: 30, height: 5)
        session.setUpWidths(ambiguousWidth: nil, answers: true, laysOutClustersWhole: false)
        var screen = VirtualScreen(columns: 30, rows: 5)
        screen.clusterWidths = [Self.family: 6]
        screen.feed(session.startEntry(text: "", drawsEntry: true, width: 30, height: 5))
        screen.feed(session.frame())
        #expect(!session.awaitsMeasurement)

        session.receive(Array("a\(Self.family)".utf8)[...])
        while session.handleNextKey() != nil {}
        #expect(session.frame().isEmpty)
        #expect(session.awaitsMeasurement)
        var measurement = session.pendingMeasurement
        #expect(measurement.clusters == [Self.family])
        screen.feed(measurement.query)
        #expect(measurement.receive(screen.takePendingReplies()).isEmpty)
        screen.feed(session.finishMeasuring(measurement))
        #expect(!session.awaitsMeasurement)
        #expect(screen.line(0) == "> a\(Self.family)")
        #expect(screen.cursorColumn == 9)
        #expect(!screen.isSynchronizedOutputActive)

        session.receive(Array("b\(Self.family)c\u{1B}[D\u{1B}[D".utf8)[...])
        while session.handleNextKey() != nil {}
        screen.feed(session.frame())
        #expect(!session.awaitsMeasurement, "measured once for the session's life")
        #expect(screen.line(0) == "> a\(Self.family)b\(Self.family)c")
        #expect(screen.cursorColumn == 10)
    }

    /// A terminal that answers nothing costs one wait: the entry is drawn by the tables and
    /// nothing is measured again.
    @Test func aTerminalThatAnswersNothingIsAskedOnce() {
        var session = EntrySession(appearance: EntryAppearance(prompt: "> "), width: 30, height: 5)
        session.setUpWidths(ambiguousWidth: nil, answers: true, laysOutClustersWhole: false)
        var screen = VirtualScreen(columns: 30, rows: 5)
        screen.feed(session.startEntry(text: "", drawsEntry: true, width: 30, height: 5))
        session.receive(Array("\(Self.flag)±".utf8)[...])
        while session.handleNextKey() != nil {}
        #expect(session.frame().isEmpty)
        #expect(session.pendingMeasurement.clusters == [Self.flag, "±"])
        screen.feed(session.pendingMeasurement.query)
        screen.feed(session.finishMeasuring(session.pendingMeasurement))
        #expect(screen.line(0) == "> \(Self.flag)±")
        session.receive(Array("\(Self.heart)".utf8)[...])
        while session.handleNextKey() != nil {}
        screen.feed(session.frame())
        #expect(!session.awaitsMeasurement)
        #expect(screen.line(0) == "> \(Self.flag)±\(Self.heart)")
        #expect(screen.cursorColumn == 7)
    }

    /// A way out that cannot wait (a signal ending the process) draws the last frame as the
    /// tables say rather than leave the entry undrawn.
    @Test func finishingWithAClusterUnmeasuredDrawsItByTheTables() {
        var session = EntrySession(appearance: EntryAppearance(prompt: "> "), width: 30, height: 5)
        session.setUpWidths(ambiguousWidth: nil, answers: true, laysOutClustersWhole: false)
        var screen = VirtualScreen(columns: 30, rows: 5)
        screen.feed(session.startEntry(text: "", drawsEntry: true, width: 30, height: 5))
        session.receive(Array("ab\(Self.family)".utf8)[...])
        while session.handleNextKey() != nil {}
        #expect(session.frame().isEmpty)
        screen.feed(session.finish())
        #expect(screen.line(0) == "> ab\(Self.family)")
        #expect((screen.cursorRow, screen.cursorColumn) == (1, 0))
        #expect(!screen.isSynchronizedOutputActive)
        #expect(!screen.queries.contains("ESC[6n"))
    }

    /// A terminal that measures clusters as their scalars arrive draws a keycap's digit and VS16
    /// two columns wide, over the cell after it, and the whole keycap in one: the cells after a
    /// cluster of several scalars are written again, whether it changed in place or was inserted.
    @Test(arguments: [("1中", 1), ("中abcdefghijkl", 0)])
    func cellsAfterAClusterOfSeveralScalarsAreWrittenAgain(text: String, cursor: Int) {
        let keycap: Character = "1️⃣"
        var widths = TerminalWidths()
        widths.record(1, for: keycap)
        var session = EntrySession(appearance: EntryAppearance(prompt: "> "), width: 30, height: 5)
        session.terminalWidths = widths
        var screen = VirtualScreen(columns: 30, rows: 5)
        screen.clusterWidths = [keycap: 1]
        screen.feed(session.startEntry(text: text, drawsEntry: true, width: 30, height: 5))
        session.receive(Array("\u{1B}[H\(String(repeating: "\u{1B}[C", count: cursor))".utf8)[...])
        while session.handleNextKey() != nil {}
        screen.feed(session.frame())
        let typed = cursor == 0 ? "1\u{FE0F}\u{20E3}" : "\u{FE0F}\u{20E3}"
        session.receive(Array(typed.utf8)[...])
        while session.handleNextKey() != nil {}
        screen.feed(session.frame())
        #expect(session.editor.state.text == (cursor == 0 ? "\(keycap)\(text)" : "\(keycap)\(text.dropFirst())"))
        #expect(screen.line(0) == "> \(session.editor.state.text)")
        #expect(screen.cursorColumn == 3)
    }

    /// Mode 2027 goes through the mode stack: set with the entry's modes, undone on the way out.
    @Test func graphemeClusterModeIsSetWithTheEntryAndUndoneOnTheWayOut() {
        var session = EntrySession(appearance: EntryAppearance(prompt: "> "), width: 30, height: 5)
        session.setsGraphemeClusterMode = true
        let opened = String(decoding: session.startEntry(text: "", drawsEntry: true, width: 30, height: 5), as: UTF8.self)
        #expect(opened.contains("\u{1B}[?2027h"))
        #expect(String(decoding: session.undoEntryModes(), as: UTF8.self).contains("\u{1B}[?2027l"))
    }
}
