import Glibc

/// Whether the signal's disposition is `SIG_IGN` now: the process, or whoever started it (as
/// `nohup` does for `SIGHUP`), asked for it to have no effect. A number that is no signal counts
/// as not ignored.
///
/// The corresponding C function is `sigaction`.
package func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0, let handler = current.__sigaction_handler.sa_handler else {
        return false
    }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(ignoringSignalHandler, to: Int.self)
}

/// Stops the process the way Ctrl-Z would, and returns once it is continued.
///
/// In raw mode Ctrl-Z arrives as a byte, so the editor stops itself: the default disposition
/// of `SIGTSTP` is put in place, the signal unblocked and raised, and after the shell continues
/// the process the previous disposition and signal mask come back.
///
/// A caller checks ``isIgnored(_:)`` for `SIGTSTP` first: a process that ignores it asked not to
/// be stopped, as a terminal's own Ctrl-Z would not stop it then.
///
/// This touches no terminal state. The caller restores the terminal before
/// (`RawModeSession.restore()`) and re-enters raw mode and redraws after
/// (`RawModeSession.reenter()`).
///
/// The corresponding C function is `raise`, with `SIGTSTP`.
package func suspendProcess() {
    var previousAction = sigaction()
    var previousMask = sigset_t()
    setDefaultDisposition(of: SIGTSTP, saving: &previousAction)
    unblock(SIGTSTP, saving: &previousMask)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    sigaction(SIGTSTP, &previousAction, nil)
}

/// Ends the process by the signal it caught, so the parent sees "killed by SIGTERM" rather
/// than an ordinary exit.
///
/// Call it after the terminal is restored and the cleanup bytes are written. The default
/// disposition is put in place, the signal unblocked and raised; should the process survive
/// (a signal whose default action is not to terminate), it exits with status 128 plus the
/// signal number, as shells report it.
///
/// The corresponding C functions are `raise` and `_exit`.
package func reraise(_ signal: Int32) -> Never {
    var previousAction = sigaction()
    var previousMask = sigset_t()
    setDefaultDisposition(of: signal, saving: &previousAction)
    unblock(signal, saving: &previousMask)
    raise(signal)
    _exit(128 + signal)
}

private func setDefaultDisposition(of signal: Int32, saving previous: inout sigaction) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = defaultSignalHandler
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, &previous)
}

private func unblock(_ signal: Int32, saving previousMask: inout sigset_t) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, &previousMask)
}
