/// Where a run's time went, stage by stage of the pipeline, in nanoseconds.
///
/// Each stage is bracketed by two clock readings (about 20 ns each through the vDSO), so the
/// stages add up to a little less than the run's total; they tell which stage grows, not the
/// exact cost of a key.
struct StageTimes {
    /// `EntrySession.receive`: decoding the bytes into keys.
    var decoding = 0
    /// `EntrySession.handleNextKey` for each key: the editor applying it.
    var editing = 0
    /// `EntrySession.frame`: the presentation, including the inline suggestion, and the display
    /// drawing it (the append short cut, or layout and render), copied into the byte sink.
    var drawing = 0

    static func - (later: StageTimes, earlier: StageTimes) -> StageTimes {
        StageTimes(decoding: later.decoding - earlier.decoding, editing: later.editing - earlier.editing,
                   drawing: later.drawing - earlier.drawing)
    }
}
