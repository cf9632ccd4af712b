import Testing
import Ghostline
import GhostlineTesting

/// The capability probe and the keyboard protocol it chooses, on the test kit's terminal
/// answering as a kitty-protocol terminal, as one that answers only the sentinel, as one that
/// answers nothing and as one that answers late.
@Suite struct KeyboardProtocolTests {
    static let escape = "\u{1B}"
    static let query = "\(escape)[?u\(escape)[?2027$p\(escape)[c"
    static let push = "\(escape)[>1u"
    static let pop = "\(escape)[<u"

    private static func occurrences(of marker: String, in bytes: [UInt8]) -> Int {
        let needle = Array(marker.utf8)
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }.count
    }

    private static func start(answers: TerminalAnswers, multiline: Bool = false) throws -> (LineEditorDriver, LineEditor) {
        let driver = try LineEditorDriver(columns: 40, rows: 6, answers: answers)
        let editor = makeEditor(on: driver)
        editor.isMultiline = multiline
        try driver.start(editor)
        return (driver, editor)
    }

    @Test func aKittyTerminalIsProbedOnceAndHasItsFlagsPushedBeforeTheFirstFrame() throws {
        let (driver, _) = try Self.start(answers: .kittyKeyboard)
        let text = String(decoding: driver.outputBytes, as: UTF8.self)
        #expect(text.hasPrefix(Self.query))
        #expect(Self.occurrences(of: Self.query, in: driver.outputBytes) == 1)
        #expect(Self.occurrences(of: Self.push, in: driver.outputBytes) == 1)
        #expect(driver.screen.line(0) == ">")
        try driver.press(.key(.enter))
    }

    @Test(arguments: [("\r", EntryResult.submitted("ab")), ("\u{1B}[99;5u", .failed(.interrupted)),
                      ("\u{1B}[100;5u", .endOfInput)])
    func everyWayOutPopsTheFlagsPushedOnce(key: String, result: EntryResult) throws {
        let (driver, _) = try Self.start(answers: .kittyKeyboard)
        if result != .endOfInput { try driver.type("ab") }
        try driver.send(Array(key.utf8))
        #expect(driver.result == result)
        let bytes = driver.outputBytes
        #expect(Self.occurrences(of: Self.push, in: bytes) == 1)
        #expect(Self.occurrences(of: Self.pop, in: bytes) == 1)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("\(Self.pop)\(Self.escape)[?2004l"))
    }

    @Test func aSecondEntryIsNotProbedAgainAndPushesAndPopsAgain() throws {
        let (driver, editor) = try Self.start(answers: .kittyKeyboard)
        try driver.press(.key(.enter))
        try driver.start(editor)
        try driver.press(.key(.enter))
        #expect(Self.occurrences(of: Self.query, in: driver.outputBytes) == 1)
        #expect(Self.occurrences(of: Self.push, in: driver.outputBytes) == 2)
        #expect(Self.occurrences(of: Self.pop, in: driver.outputBytes) == 2)
    }

    @Test func shiftEnterInsertsALineAndAnEscapeNeedsNoTimeout() throws {
        let (driver, _) = try Self.start(answers: .kittyKeyboard, multiline: true)
        try driver.type("one")
        try driver.send(Array("\u{1B}[13;2u".utf8))
        try driver.type("two")
        #expect(driver.screen.lines[0...1] == ["> one", "… two"])
        try driver.send(Array("\u{1B}[27u".utf8))
        #expect(driver.screen.lines[0...1] == ["> one", "… two"])
        try driver.send(Array("\u{1B}[13;3u".utf8))
        #expect(driver.result == .submitted("one\ntwo"))
    }

    @Test func ctrlIIsBindableApartFromTab() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6, answers: .kittyKeyboard)
        let editor = makeEditor(on: driver)
        editor.keyMap.bind(.control("i"), to: .insert("<C-i>"))
        try driver.start(editor)
        try driver.send(Array("\u{1B}[105;5u".utf8))
        #expect(driver.screen.line(0) == "> <C-i>")
        try driver.press(.key(.enter))
    }

    @Test func aTerminalAnsweringOnlyTheSentinelGetsModifyOtherKeysSetAndReset() throws {
        let (driver, _) = try Self.start(answers: .deviceAttributesOnly)
        try driver.press(.key(.enter))
        let text = String(decoding: driver.outputBytes, as: UTF8.self)
        #expect(Self.occurrences(of: "\(Self.escape)[>4;1m", in: driver.outputBytes) == 1)
        #expect(text.hasSuffix("\(Self.escape)[>4m\(Self.escape)[?2004l"))
        #expect(Self.occurrences(of: Self.push, in: driver.outputBytes) == 0)
    }

    @Test func aTerminalAnsweringNothingCostsOneBoundedWaitAndStaysLegacy() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let (driver, _) = try Self.start(answers: .nothing)
        #expect(clock.now - started < .seconds(2))
        try driver.type("x")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("x"))
        #expect(Self.occurrences(of: Self.push, in: driver.outputBytes) == 0)
        #expect(Self.occurrences(of: "\(Self.escape)[>4;1m", in: driver.outputBytes) == 0)
    }

    @Test func lateAnswersNeverReachTheLine() throws {
        let (driver, _) = try Self.start(answers: .lateKittyKeyboard)
        try driver.type("x")
        #expect(driver.screen.line(0) == "> x")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("x"))
    }

    /// With the protocol off the terminal is probed only for its widths, and pushed nothing;
    /// with the widths asked of it off too, it is not probed at all.
    @Test(arguments: [true, false])
    func theOptionOffPushesNothing(measuresWidths: Bool) throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6, answers: .kittyKeyboard)
        let editor = makeEditor(on: driver)
        editor.usesKeyboardProtocol = false
        editor.measuresCharacterWidths = measuresWidths
        try driver.start(editor)
        try driver.press(.key(.enter))
        #expect(Self.occurrences(of: Self.query, in: driver.outputBytes) == (measuresWidths ? 1 : 0))
        #expect(Self.occurrences(of: Self.push, in: driver.outputBytes) == 0)
    }

    @Test func aDumbTerminalIsNotProbed() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6, terminalType: "dumb", answers: .kittyKeyboard)
        let editor = makeEditor(on: driver)
        editor.isSecret = true
        try driver.start(editor)
        try driver.press(.key(.enter))
        #expect(Self.occurrences(of: Self.query, in: driver.outputBytes) == 0)
    }
}

/// OSC 52: kills go to the clipboard when asked, once each, never a secret's.
@Suite struct ClipboardCopyEndToEndTests {
    static let osc52 = "\u{1B}]52;c;"

    private static func copies(in bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: osc52, omittingEmptySubsequences: false).dropFirst().map { String($0.prefix { $0 != "\u{1B}" }) }
    }

    @Test func aKillIsCopiedOnceWhenAsked() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6)
        let editor = makeEditor(on: driver)
        editor.copiesKillsToClipboard = true
        try driver.start(editor)
        try driver.type("hello world")
        try driver.press(.control("w"))
        try driver.type("x")
        try driver.press(.key(.enter))
        #expect(Self.copies(in: driver.outputBytes) == ["d29ybGQ="])
    }

    @Test func nothingIsCopiedUnlessAskedNorFromASecret() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6)
        let editor = makeEditor(on: driver)
        try driver.start(editor)
        try driver.type("hello")
        try driver.press(.control("u"))
        try driver.press(.key(.enter))
        editor.copiesKillsToClipboard = true
        editor.isSecret = true
        try driver.start(editor)
        try driver.type("secret")
        try driver.press(.control("u"))
        try driver.press(.key(.enter))
        #expect(Self.copies(in: driver.outputBytes).isEmpty)
    }
}
