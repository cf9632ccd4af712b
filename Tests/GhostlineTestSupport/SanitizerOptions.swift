import Glibc

/// The sanitizer settings of the test process (`ASAN_OPTIONS`, `LSAN_OPTIONS`, `TSAN_OPTIONS`,
/// `UBSAN_OPTIONS`), for the programs a test starts.
///
/// Children get an environment of the test's choosing, not the test's own; without these, a
/// sanitized `ghostline` run by `make sanitize` would report to the screen under test, where
/// nobody reads it, instead of to the log files the run checks.
public func sanitizerOptions() -> [String: String] {
    var options: [String: String] = [:]
    for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
        if let value = getenv(name) { options[name] = String(cString: value) }
    }
    return options
}
