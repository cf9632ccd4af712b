import Testing

/// The suites that change what a process has one of: signal dispositions, the one signal
/// monitor, the terminal to restore. Swift Testing runs suites side by side; nested here, they
/// run one test at a time, so none sees another's monitor installed.
@Suite(.serialized) enum ProcessWideStateTests {}
