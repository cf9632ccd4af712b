import GhostlineCore
import GhostlineTerminal

/// The one probe of the terminal's capabilities (``CapabilityProbe``): written once per editor,
/// before its first entry's first frame, its answers awaited for a bounded time and taken out
/// of the keys typed meanwhile, which the entry gets in order.
extension InteractiveSession {
    /// Probes the terminal when the editor has not yet and wants to, then sets the keyboard
    /// protocol and the widths the answers chose for the entry.
    func probeTerminalIfWanted() throws {
        let editor = self.editor
        if editor.capabilityProbe == nil, drawsEntry, editor.usesKeyboardProtocol || editor.measuresCharacterWidths,
           editor.sessionObserver?.probesTerminal ?? true,
           CapabilityProbe.isWanted(terminalType: editor.terminalType,
                                    terminalProgram: environmentValue("TERM_PROGRAM")) {
            // Keys held as raw mode was entered came before anything read now.
            if rawMode.hasHeldInput { editor.entrySession.receive(rawMode.takeHeldInput()[...]) }
            var probe = CapabilityProbe()
            try write(CapabilityProbe.query)
            editor.sessionObserver?.sessionDidWriteProbe()
            try awaitAnswers(&probe, forMilliseconds: CapabilityProbe.longestWait)
            editor.capabilityProbe = probe
        }
        let chosen = editor.capabilityProbe?.keyboardProtocol(terminalType: editor.terminalType) ?? .legacy
        editor.entrySession.keyboardProtocol = editor.usesKeyboardProtocol && drawsEntry ? chosen : .legacy
        let capabilities = editor.capabilityProbe?.capabilities
        let measures = editor.measuresCharacterWidths && drawsEntry && capabilities?.answeredDeviceAttributes == true
        editor.entrySession.setUpWidths(ambiguousWidth: editor.ambiguousCharacterWidth.fixedWidth, answers: measures,
                                        laysOutClustersWhole: capabilities?.laysOutClustersWhole ?? false)
        editor.entrySession.setsGraphemeClusterMode = measures && capabilities?.needsGraphemeClusterMode == true
    }

    /// On the way out, when the sentinel's answer has not come yet: waits for it once more,
    /// bounded, so that a late answer is read here and not by the shell. Keys typed meanwhile
    /// are the next entry's.
    func awaitLateAnswers() {
        guard var probe = editor.capabilityProbe, !probe.isAnswered, !editor.awaitedLateAnswers else { return }
        editor.awaitedLateAnswers = true
        try? awaitAnswers(&probe, forMilliseconds: CapabilityProbe.longestWait)
        editor.capabilityProbe = probe
    }

    /// Reads what the terminal sends until every answer came or the time is up; bytes that are
    /// not answers go to the entry session as keys.
    func awaitAnswers(_ probe: inout some AwaitedAnswers, forMilliseconds wait: Int64) throws {
        let deadline = monotonicMilliseconds() + wait
        var buffer = [UInt8](repeating: 0, count: 1024)
        do {
            while !probe.isAnswered {
                let left = deadline - monotonicMilliseconds()
                guard left > 0, !(try waitForInput(on: [input], timeoutMilliseconds: Int32(left))).isEmpty else { break }
                let count = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
                guard count > 0 else { break }
                let typed = probe.receive(buffer[..<count])
                if !typed.isEmpty { editor.entrySession.receive(typed[...]) }
            }
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
        let rest = probe.finishWaiting()
        if !rest.isEmpty { editor.entrySession.receive(rest[...]) }
    }
}
