/// Runs a C call that reports failure as `-1` plus `errno`, turning it into a `Result`.
///
/// This is the one place where `EINTR` is handled: with `retryOnInterrupt` the call is simply
/// made again, because every call wrapped here is safe to repeat when it did no work.
func valueOrErrno<Value: FixedWidthInteger>(
    retryOnInterrupt: Bool = true,
    _ call: () -> Value
) -> Result<Value, Errno> {
    while true {
        let value = call()
        if value != -1 {
            return .success(value)
        }
        let error = Errno.current
        if !(retryOnInterrupt && error == .interrupted) {
            return .failure(error)
        }
    }
}

/// Like `valueOrErrno`, for calls whose only useful result is success.
func nothingOrErrno<Value: FixedWidthInteger>(
    retryOnInterrupt: Bool = true,
    _ call: () -> Value
) -> Result<Void, Errno> {
    valueOrErrno(retryOnInterrupt: retryOnInterrupt, call).map { _ in () }
}
