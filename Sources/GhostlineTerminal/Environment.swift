import Glibc

/// The value of an environment variable, or `nil` when it is not set.
///
/// Bytes that are not valid UTF-8 are replaced with U+FFFD rather than dropping the variable.
///
/// The corresponding C function is `getenv`.
package func environmentValue(_ name: String) -> String? {
    guard let value = getenv(name) else {
        return nil
    }
    return String(cString: value)
}
