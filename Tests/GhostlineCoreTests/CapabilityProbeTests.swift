import Testing
@testable import GhostlineCore

@Suite struct CapabilityProbeTests {
    static let kittyAnswers = Array("\u{1B}[?1u\u{1B}[?2027;2$y\u{1B}[?62;22c".utf8)

    @Test func theQueryIsKittysThenDECRQMThenTheSentinel() {
        #expect(CapabilityProbe.query == Array("\u{1B}[?u\u{1B}[?2027$p\u{1B}[c".utf8))
    }

    @Test func readsEveryAnswer() {
        var probe = CapabilityProbe()
        #expect(probe.receive(Self.kittyAnswers).isEmpty)
        #expect(probe.isAnswered)
        #expect(probe.capabilities.kittyKeyboardFlags == 1)
        #expect(probe.capabilities.graphemeClusterMode == 2)
        #expect(probe.keyboardProtocol(terminalType: "xterm-kitty") == .kitty)
    }

    @Test func keepsTypeaheadInOrderAroundAndBetweenTheAnswers() {
        let bytes = Array("ab\u{1B}[D".utf8) + Self.kittyAnswers.prefix(5) + Array("c".utf8)
            + Self.kittyAnswers.dropFirst(5) + Array("\u{1B}x\u{1B}".utf8)
        var probe = CapabilityProbe()
        // The answer cut after five bytes is interrupted by a typed `c`: not an answer, dropped.
        let typed = probe.receive(bytes) + probe.finishWaiting()
        #expect(typed == Array("ab\u{1B}[Dc\u{1B}x\u{1B}".utf8))
    }

    @Test func answersSplitAtEveryPointAreTakenOut() {
        let bytes = Array("a".utf8) + Self.kittyAnswers + Array("\u{1B}[Az".utf8)
        for split in 0...bytes.count {
            var probe = CapabilityProbe()
            let typed = probe.receive(bytes[..<split]) + probe.receive(bytes[split...]) + probe.finishWaiting()
            #expect(typed == Array("a\u{1B}[Az".utf8), "split at \(split)")
            #expect(probe.capabilities.kittyKeyboardFlags == 1, "split at \(split)")
            #expect(probe.isAnswered, "split at \(split)")
        }
    }

    @Test func aTerminalThatAnswersOnlyTheSentinelSpeaksNoKitty() {
        var probe = CapabilityProbe()
        #expect(probe.receive(Array("\u{1B}[?1;2c".utf8)).isEmpty)
        #expect(probe.isAnswered)
        #expect(!probe.capabilities.speaksKittyKeyboard)
        #expect(probe.keyboardProtocol(terminalType: "xterm-256color") == .modifyOtherKeys)
        #expect(probe.keyboardProtocol(terminalType: "tmux-256color") == .modifyOtherKeys)
        #expect(probe.keyboardProtocol(terminalType: "linux") == .legacy)
    }

    @Test func aTerminalThatAnswersNothingIsLegacy() {
        var probe = CapabilityProbe()
        #expect(probe.receive(Array("hi".utf8)) == Array("hi".utf8))
        #expect(probe.finishWaiting().isEmpty)
        #expect(!probe.isAnswered)
        #expect(probe.keyboardProtocol(terminalType: "xterm-256color") == .legacy)
    }

    @Test func anAnswerCutByTheEndOfTheWaitIsDropped() {
        var probe = CapabilityProbe()
        #expect(probe.receive(Array("\u{1B}[?62;".utf8)).isEmpty)
        #expect(probe.finishWaiting().isEmpty)
        #expect(probe.receive(Array("\u{1B}[".utf8)).isEmpty)
        #expect(probe.finishWaiting() == Array("\u{1B}[".utf8))
    }

    @Test func isNotWantedOnTerminalAppNorADumbTerminal() {
        #expect(CapabilityProbe.isWanted(terminalType: "xterm-256color", terminalProgram: nil))
        #expect(CapabilityProbe.isWanted(terminalType: "xterm-256color", terminalProgram: "iTerm.app"))
        #expect(!CapabilityProbe.isWanted(terminalType: "xterm-256color", terminalProgram: "Apple_Terminal"))
        #expect(!CapabilityProbe.isWanted(terminalType: "dumb", terminalProgram: nil))
        #expect(!CapabilityProbe.isWanted(terminalType: "", terminalProgram: nil))
    }
}
