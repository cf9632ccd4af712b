import Testing
@testable import GhostlineCore

@Test func yankGivesTheNewestKill() {
    var ring = KillRing()
    let fromEmpty = ring.yank()
    #expect(fromEmpty == nil)
    ring.kill("one", joiningPrevious: false, backward: false)
    ring.kill("two", joiningPrevious: false, backward: false)
    let yanked = [ring.yank(), ring.yank()]
    #expect(yanked == ["two", "two"])
}

@Test func joinedKillsAppendForwardAndPrependBackward() {
    var ring = KillRing()
    ring.kill("b", joiningPrevious: false, backward: false)
    ring.kill("c", joiningPrevious: true, backward: false)
    ring.kill("a", joiningPrevious: true, backward: true)
    #expect(ring.entries == ["abc"])
    ring.kill("x", joiningPrevious: true, backward: true)
    #expect(ring.entries == ["xabc"])
}

@Test func joiningWithAnEmptyRingStartsAnEntry() {
    var ring = KillRing()
    ring.kill("a", joiningPrevious: true, backward: false)
    #expect(ring.entries == ["a"])
}

@Test func emptyKillsAreNotKept() {
    var ring = KillRing()
    ring.kill("", joiningPrevious: false, backward: false)
    #expect(ring.entries.isEmpty)
}

@Test func rotateWalksToOlderKillsAndWraps() {
    var ring = KillRing()
    let fromEmpty = ring.rotate()
    #expect(fromEmpty == nil)
    for text in ["1", "2", "3"] { ring.kill(text, joiningPrevious: false, backward: false) }
    let beforeAnyYank = ring.rotate()
    #expect(beforeAnyYank == nil)
    let walk = [ring.yank(), ring.rotate(), ring.rotate(), ring.rotate()]
    #expect(walk == ["3", "2", "1", "3"])
    ring.kill("4", joiningPrevious: false, backward: false)
    let afterAKill = ring.rotate()
    #expect(afterAKill == nil)
}

/// As readline's: the next yank takes the kill the last yank-pop went back to, until a new kill.
@Test func aYankAfterAYankPopTakesTheKillItWentBackTo() {
    var ring = KillRing()
    for text in ["1", "2", "3"] { ring.kill(text, joiningPrevious: false, backward: false) }
    let walk = [ring.yank(), ring.rotate(), ring.yank(), ring.rotate(), ring.yank()]
    #expect(walk == ["3", "2", "2", "1", "1"])
    ring.kill("4", joiningPrevious: false, backward: false)
    #expect(ring.yank() == "4")
}

@Test func theOldestKillsGoWhenFull() {
    var ring = KillRing(capacity: 2)
    for text in ["1", "2", "3"] { ring.kill(text, joiningPrevious: false, backward: false) }
    #expect(ring.entries == ["2", "3"])
}
