/// Which of vi's modes the editor is in.
package enum ViMode: Hashable, Sendable {
    /// Keys type text, as in emacs mode; Escape goes to command mode.
    case insert
    /// Keys are commands: motions, operators, history.
    case command
    /// Typed characters overwrite the text under the cursor (`R`).
    case replace
    /// Command mode with a selection, vim's charwise visual mode (`v`): motions and text objects
    /// move the cursor, and the selection runs from `ViState.visualAnchor` to it, both included.
    case visual
}

/// vi mode's state between keys: the mode, the command being typed, and what later commands
/// repeat or restore (`;`, `.`, `p`, `u`).
struct ViState {
    var mode = ViMode.insert
    /// The count typed before the command, nil for none.
    var count: Int?
    /// An operator (`c`, `d`, `y`) waiting for its motion, with its count.
    var pendingOperator: Character?
    var operatorCount: Int?
    /// A command waiting for a character as its operand: `f`, `F`, `t`, `T`, `r`, `m`, `` ` ``,
    /// or `i` or `a` after an operator, waiting for the text object's name.
    var awaitingCharacter: Character?
    /// The last `f`, `F`, `t` or `T` and its character, for `;` and `,`.
    var lastFind: (command: Character, target: Character)?
    /// The keys of the command being typed, without its leading count, for `.`.
    var commandKeys: [KeyEvent] = []
    /// The keys of the last change, and its count, which `.` types again.
    var lastChange: [KeyEvent] = []
    var lastChangeCount: Int?
    /// Whether the keys of the current insert are being added to the change `.` repeats.
    var recordsInsert = false
    /// Whether `.` is typing a change again, which it then does not record; a text object not
    /// found ends it.
    var isRepeating = false
    /// Where the current insert started, and how many times its text is typed (`3ix`).
    var insertStart: TextPosition?
    var insertRepeat = 1
    /// The character index `j` and `k` keep from line to line, set by the first of them and
    /// forgotten by any other command.
    var goalColumn: Int?
    /// Where the visual selection started (`v`), its end that stays while motions move the
    /// cursor; read in visual mode only.
    var visualAnchor = TextPosition.start
    /// The places `m` marked on the entry, by name, as UTF-8 offsets in the cursor's line.
    var marks: [Character: Int] = [:]
    /// The text `p` and `P` put: the last deleted or yanked.
    var register = ""
    /// The entry as it was before each change, newest last, for `u`.
    var undoStack: [(text: String, cursor: TextPosition)] = []
    /// Whether the entry has been in command mode: the first Escape forgets what `u` would undo.
    var hasBeenInCommandMode = false
    /// The keys read so far of a sequence the init file bound in vi mode.
    var boundKeys: [KeyEvent] = []

    /// Forgets what belongs to one entry; the register and the change `.` repeats carry over.
    mutating func startNewEntry() {
        let kept = (register, lastChange, lastChangeCount, lastFind)
        self = ViState()
        (register, lastChange, lastChangeCount, lastFind) = kept
    }

    /// Drops the command being typed.
    mutating func resetCommand() {
        count = nil
        pendingOperator = nil
        operatorCount = nil
        awaitingCharacter = nil
        commandKeys.removeAll()
    }
}
