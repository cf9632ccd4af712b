extension KeyMap {
    /// Applies an init file's bindings for one keymap, in the file's order, as readline binds
    /// them: a function Ghostline has binds its command, a macro binds ``Command/macro(_:)``, and
    /// any other name (unknown, or a function Ghostline lacks) unbinds the keys.
    package mutating func apply(_ bindings: [InitFile.Binding]) {
        // One decoder for all: each key sequence is flushed whole, which leaves it as new.
        var decoder = KeyDecoder()
        for binding in bindings {
            let keys = ReadlineKeySequence.events(of: binding.keys, using: &decoder)
            guard !keys.isEmpty else { continue }
            switch binding.action {
            case .macro(let bytes):
                bind(keys, to: .macro(String(decoding: bytes, as: UTF8.self)))
            case .function(let name):
                if let command = Self.command(named: name, keyBytes: binding.keys) {
                    bind(keys, to: command)
                } else {
                    unbind(keys)
                }
            }
        }
    }

    /// What a function name does on these keys. `delete-char` on Ctrl-D also ends input on an
    /// empty entry: readline does that for the terminal's end-of-file character, whatever it
    /// is bound to, and Ghostline has the command instead.
    private static func command(named name: String, keyBytes: [UInt8]) -> Command? {
        let function = ReadlineFunction.named(name)
        if function?.support == .insertsKey {
            // The key that finished the sequence, as readline's `self-insert` types.
            return .insert(String(decoding: keyBytes, as: UTF8.self).last.map { String($0) } ?? "")
        }
        let command = if let function { function.command } else { ReadlineFunction.command(named: name) }
        if command == .deleteForward && keyBytes == [0x04] { return .deleteForwardOrEndOfFile }
        return command
    }

    /// The bindings as readline's `rl_function_dumper(1)` and `rl_macro_dumper(1)` print a
    /// keymap: a blank line, then for every function name in order its keys
    /// (`"\C-a": beginning-of-line`) or `# NAME (not bound)`, then the macros
    /// (`"\C-xq": "text"`). Printable ASCII that no binding takes is `self-insert`, as readline
    /// binds it; Ghostline's own commands are listed by their own names.
    package var readlineDump: String {
        let entries = readlineEntries(movingFromInsertMode: [])
        return ReadlineFunction.dump(keysByName: entries.keysByName, macros: entries.macros)
    }

    /// The keys of each function name and the macros, as ``readlineDump`` prints them, with
    /// `vi-movement-mode` on the keys `movingFromInsertMode` (vi insert mode's, which the map
    /// does not hold) and the commands of `names` by those names.
    func readlineEntries(movingFromInsertMode: [[KeyEvent]], naming names: [(function: String, command: Command)] = [])
        -> (keysByName: [String: [[UInt8]]], macros: [(keys: [UInt8], text: [UInt8])]) {
        var keysByName: [String: [[UInt8]]] = [:]
        var macros: [(keys: [UInt8], text: [UInt8])] = []
        var boundText = Set<UInt8>()
        for (keys, command) in allBindings {
            guard let bytes = ReadlineKeySequence.bytes(of: keys) else { continue }
            if keys.count == 1, bytes.count == 1 { boundText.insert(bytes[0]) }
            switch command {
            case .macro(let text): macros.append((bytes, Array(text.utf8)))
            case .insert(let text) where String(decoding: bytes, as: UTF8.self).last.map({ String($0) }) == text && text != "\t":
                keysByName["self-insert", default: []].append(bytes)
            case .insert(let text) where text != "\t": macros.append((bytes, Array(text.utf8)))
            default:
                let name = names.first { $0.command == command }?.function ?? ReadlineFunction.name(of: command)
                if let name { keysByName[name, default: []].append(bytes) }
            }
        }
        for byte in UInt8(0x20)..<0x7F where !boundText.contains(byte) {
            keysByName["self-insert", default: []].append([byte])
        }
        for keys in movingFromInsertMode {
            if let bytes = ReadlineKeySequence.bytes(of: keys) { keysByName["vi-movement-mode", default: []].append(bytes) }
        }
        return (keysByName, macros)
    }
}

extension ReadlineFunction {
    /// A keymap as readline's dumpers print it: a blank line, then for every function name in
    /// order its keys (`"\C-a": beginning-of-line`) or `# NAME (not bound)`, then the macros.
    static func dump(keysByName: [String: [[UInt8]]], macros: [(keys: [UInt8], text: [UInt8])]) -> String {
        let names = Set(all.map(\.name) + ghostlineNames.map(\.name) + keysByName.keys)
        var text = "\n"
        for name in names.sorted() {
            guard let keys = keysByName[name] else {
                text += "# \(name) (not bound)\n"
                continue
            }
            for bytes in keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                text += "\"\(ReadlineKeySequence.text(of: bytes))\": \(name)\n"
            }
        }
        for macro in macros.sorted(by: { $0.keys.lexicographicallyPrecedes($1.keys) }) {
            text += "\"\(ReadlineKeySequence.text(of: macro.keys))\": \"\(ReadlineKeySequence.text(of: macro.text, isMacro: true))\"\n"
        }
        return text
    }
}
