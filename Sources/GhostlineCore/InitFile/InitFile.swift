/// A readline init file (`~/.inputrc`) as read: its variables, its bindings in each keymap, and
/// readline's complaints about its lines.
///
/// The value is pure: ``init(text:name:environment:)`` reads the text it is given and asks the
/// environment's loader for each `$include`; the file system is the caller's (the `Ghostline`
/// layer reads `$INPUTRC`, `~/.inputrc` or `/etc/inputrc`). `Docs/KeyBindings.md`,
/// "Your ~/.inputrc", tells what is honoured.
package struct InitFile: Sendable {
    /// What a key sequence is bound to.
    package enum Action: Equatable, Sendable {
        /// A function, by the name the file gives; a name readline does not know unbinds the key.
        case function(String)
        /// A macro: the bytes are typed as if the user had typed them.
        case macro([UInt8])
    }

    /// One binding line: the bytes of the key sequence, from the root of its keymap.
    package struct Binding: Equatable, Sendable {
        /// The key sequence's bytes (`\C-x` `a` is `[0x18, 0x61]`).
        package var keys: [UInt8]
        /// What the keys do.
        package var action: Action

        /// A binding of `keys` to `action`.
        package init(keys: [UInt8], action: Action) {
            self.keys = keys
            self.action = action
        }
    }

    /// What an `$include` loader answers.
    package enum IncludedText: Sendable {
        /// The file's bytes; `isTruncated` when only its start was read.
        case contents([UInt8], isTruncated: Bool)
        /// The file could not be read.
        case unreadable
    }

    /// What the conditions of `$if` compare against, and how includes are read.
    package struct Environment: Sendable {
        /// The application's name, for `$if NAME`.
        package var applicationName: String
        /// The terminal's name (`TERM`), for `$if term=`.
        package var terminalName: String
        /// The home directory, for `~` in `$include`.
        package var homeDirectory: String?
        /// Reads an included file by its path.
        package var load: @Sendable (String) -> IncludedText

        /// An environment; without a loader, every include is unreadable.
        package init(applicationName: String, terminalName: String = "", homeDirectory: String? = nil,
                     load: @escaping @Sendable (String) -> IncludedText = { _ in .unreadable }) {
            self.applicationName = applicationName
            self.terminalName = terminalName
            self.homeDirectory = homeDirectory
            self.load = load
        }
    }

    /// The most an init file and its includes are read, in all: a larger file is read only to here.
    package static let longestText = 1 << 20
    /// How deep includes may nest; GNU readline has no limit, and an include loop overflows its stack.
    package static let deepestInclude = 10

    /// The variables as the file left them.
    package var variables = InitFileVariables()
    /// The binding lines for the emacs keymap, in the file's order.
    package var emacsBindings: [Binding] = []
    /// The binding lines for vi command mode (`vi`, `vi-command`, `vi-move`).
    package var viCommandBindings: [Binding] = []
    /// The binding lines for vi insert mode.
    package var viInsertBindings: [Binding] = []
    /// readline's complaints, each `readline: FILE: line N: …`, for standard error.
    package var diagnostics: [String] = []

    /// No file: readline's defaults.
    package init() {}

    /// Reads the text of an init file named `name` (its path, for the complaints).
    package init(text: [UInt8], name: String, environment: Environment) {
        var parser = InitFileParser(environment: environment)
        parser.read(text, name: name, depth: 0)
        self = parser.result
    }
}

/// The keymaps readline names, as the root of a keymap and the keys before its bindings.
package enum InitFileKeymap: Equatable, Sendable {
    /// `emacs`, `emacs-standard`; `emacs-meta` with an Escape before, `emacs-ctlx` with Ctrl-X.
    case emacs(prefix: [UInt8])
    /// `vi`, `vi-move`, `vi-command`.
    case viCommand
    /// `vi-insert`.
    case viInsert

    /// The keymap of one of readline's keymap names, compared without regard to case.
    package init?(named name: some StringProtocol) {
        switch name.lowercased() {
        case "emacs", "emacs-standard": self = .emacs(prefix: [])
        case "emacs-meta": self = .emacs(prefix: [ReadlineKeySequence.escape])
        case "emacs-ctlx": self = .emacs(prefix: [0x18])
        case "vi", "vi-move", "vi-command": self = .viCommand
        case "vi-insert": self = .viInsert
        default: return nil
        }
    }
}
