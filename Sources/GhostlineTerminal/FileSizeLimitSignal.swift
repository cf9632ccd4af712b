import Glibc

/// Runs `body`, a write to a file, with `SIGXFSZ` held off on the calling thread, so that a
/// write beyond the process's file size limit (`RLIMIT_FSIZE`, `ulimit -f`) fails with `EFBIG`,
/// an error the caller can report, instead of ending the process: `SIGXFSZ`'s default action
/// is to kill it, before any caller could keep what it was writing.
///
/// The signal is blocked for the calling thread only (other threads, and whatever they write,
/// are untouched), and the thread's signal mask is put back exactly as it was afterwards. When
/// `body` failed with `EFBIG`, the `SIGXFSZ` the kernel raised for it (it raises one for the
/// limit, none for a file system's own largest size) is taken back before the mask is put back,
/// so it is never delivered: not to the default action, not to an ignoring disposition (which
/// discards it anyway), not to an app's handler. One already pending before `body` ran is the
/// app's and is left alone: signals of one number do not queue, so it stands for both.
///
/// The corresponding C functions are `pthread_sigmask`, `sigpending` and `sigtimedwait`.
package func withFileSizeLimitSignalHeldOff<Value>(_ body: () throws(Errno) -> Value) throws(Errno) -> Value {
    var fileSizeSignal = sigset_t()
    sigemptyset(&fileSizeSignal)
    sigaddset(&fileSizeSignal, SIGXFSZ)
    var previousMask = sigset_t()
    // pthread_sigmask fails only for an invalid `how`; it returns the error, not -1.
    pthread_sigmask(SIG_BLOCK, &fileSizeSignal, &previousMask)
    defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
    var pending = sigset_t()
    sigpending(&pending)
    let wasPending = sigismember(&pending, SIGXFSZ) == 1
    let result = Result(catching: body)
    if case .failure(let error) = result, error == .fileTooLarge, !wasPending {
        // Taken without waiting: when none is pending this fails at once with EAGAIN.
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        _ = valueOrErrno { sigtimedwait(&fileSizeSignal, nil, &noWait) }
    }
    return try result.get()
}
