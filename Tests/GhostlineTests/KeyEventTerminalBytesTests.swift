import GhostlineCore
import GhostlineTesting
import Testing

/// The bytes the driver sends for a key decode to that key again.
@Suite struct KeyEventTerminalBytesTests {
    private static let keys: [KeyEvent] = [
        .text("abc"), .text("中文 ✓"),
        .key(.enter), .key(.tab), .key(.backTab), .key(.backspace), .key(.delete), .key(.escape),
        .key(.up), .key(.down), .key(.left), .key(.right), .key(.home), .key(.end),
        .key(.pageUp), .key(.pageDown), .key(.insert),
        .key(.function(1)), .key(.function(4)), .key(.function(5)), .key(.function(12)), .key(.function(20)),
        .control("a"), .control("r"), .control("z"), .control("]"), .control(" "),
        .alt("b"), .alt("."), .alt("é"), .key(.character("x"), [.control, .alt]),
        .key(.enter, .alt), .key(.backspace, .alt), .key(.enter, .control), .key(.tab, .control),
        .key(.left, .control), .key(.right, [.control, .shift]), .key(.home, .shift), .key(.delete, .control),
        .key(.up, .alt), .key(.function(2), .shift), .key(.function(9), .control), .key(.backTab, .control),
        .key(.character("é"), .control),
    ]

    @Test(arguments: keys)
    func decodesToTheSameKey(_ key: KeyEvent) throws {
        let bytes = try #require(key.terminalBytes)
        var decoder = KeyDecoder()
        let events = decoder.feed(bytes) + decoder.flush()
        #expect(events == [key], "sent \(bytes)")
    }

    @Test func keysNoTerminalSendsHaveNoBytes() {
        #expect(KeyEvent.key(.function(21)).terminalBytes == nil)
        #expect(KeyEvent.key(.function(0)).terminalBytes == nil)
    }
}
