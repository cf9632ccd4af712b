/// The init file's bindings in vi mode (see ``ViKeyBindings``), looked up before vi mode's own
/// keys.
extension Editor {
    /// A key the init file bound in the current mode: `.some(request)` when the bindings took it
    /// (a key that starts a longer bound sequence too), nil when they do not bind it. Printable
    /// keys are looked up only in command mode: as commands, and as an operator's motion only
    /// when they are among readline's motion keys (it reads the key as typed first, a key bound
    /// to a motion is none there), never as the operand of `f`, `r`, `m`, `` ` `` or a text
    /// object's name.
    mutating func applyViBinding(_ event: KeyEvent) -> Optional<EditorRequest?> {
        // readline has no visual mode, nor keymap for it.
        guard vi.mode != .visual else { return nil }
        let inCommandMode = vi.mode == .command
        guard !(inCommandMode ? viKeyBindings.commandMode : viKeyBindings.insertMode).isEmpty else { return nil }
        if case .text(let text) = event {
            // Keys typed together come back here one at a time: command mode reads them so.
            if text.count > 1 && inCommandMode { return nil }
            if !inCommandMode || vi.awaitingCharacter != nil
                || (vi.pendingOperator != nil && !text.allSatisfy { Self.readlineMotionKeys.contains($0) }) {
                vi.boundKeys.removeAll()
                return nil
            }
        }
        let keys = vi.boundKeys + [event]
        if let meaning = viKeyBindings.meaning(of: keys, inCommandMode: inCommandMode) {
            vi.boundKeys.removeAll()
            return .some(performViBinding(meaning))
        }
        if viKeyBindings.isPrefix(keys, inCommandMode: inCommandMode) {
            vi.boundKeys = keys
            return .some(nil)
        }
        // A key that does not finish a bound sequence does what it does on its own, and the
        // unfinished start is dropped, as in readline.
        vi.boundKeys.removeAll()
        return nil
    }

    private mutating func performViBinding(_ meaning: ViKeyBindings.Meaning) -> EditorRequest? {
        switch meaning {
        case .key(let key):
            return viCommandKey(.text(String(key))) ?? nil
        case .command(let command):
            if vi.mode == .command { vi.resetCommand() }
            return perform(command)
        case .leaveInsert:
            return viInsertKey(.key(.escape)) ?? nil
        case .nothing:
            if vi.mode == .command { vi.resetCommand() }
            return nil
        }
    }
}
