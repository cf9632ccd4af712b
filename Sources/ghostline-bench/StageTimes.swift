/// Where a run's time went, stage by stage of the pipeline, in nanoseconds.
///
/// Each stage is bracketed by two clock readings (about 20 ns each through the vDSO), so the
/// stages add up to a little less than the run's total; they tell which stage grows, not the
/// exact cost of a key.
struct StageTimes {
    /// `KeyDecoder.feed`.
    var decoding = 0
    /// `Editor.handle` for each event.
    var editing = 0
    /// `Editor.presentation`: what to draw, including the inline suggestion.
    var presenting = 0
    /// `Display.draw` (the echo short cut, or layout and render) and the copy into the byte sink.
    var drawing = 0

    static func - (later: StageTimes, earlier: StageTimes) -> StageTimes {
        StageTimes(decoding: later.decoding - earlier.decoding, editing: later.editing - earlier.editing,
                   presenting: later.presenting - earlier.presenting, drawing: later.drawing - earlier.drawing)
    }
}
