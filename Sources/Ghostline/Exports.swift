// `import Ghostline` is all an app writes: the value types of the core (`Style`, `KeyMap`,
// `Command`, `TextPosition`, `History`…) are part of `LineEditor`'s API.
@_exported import GhostlineCore
