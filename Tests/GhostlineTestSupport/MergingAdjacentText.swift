import GhostlineCore

/// Joins adjacent `.text` events, since how printable text is grouped depends on how it was read:
/// the decoder's tests and the editor fuzzer compare what different splits of one input decode to.
public func mergingAdjacentText(_ events: [KeyEvent]) -> [KeyEvent] {
    var merged: [KeyEvent] = []
    for event in events {
        if case .text(let next) = event, case .text(let previous)? = merged.last {
            merged[merged.count - 1] = .text(previous + next)
        } else {
            merged.append(event)
        }
    }
    return merged
}
