import Testing
@testable import GhostlineCore

@Test func controlShorthandBuildsAControlKey() {
    #expect(KeyEvent.control("a") == .key(.character("a"), .control))
    #expect(KeyEvent.control("a") != KeyEvent.alt("a"))
}
