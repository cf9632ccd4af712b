import Glibc

/// Runs a program with `terminal` as its standard input, output and error, with the caller's
/// environment, every signal at its default and none blocked, and waits for it to end; returns
/// its exit status, or nil when it was killed by a signal or could not be started.
///
/// The corresponding C functions are `posix_spawn` and `waitpid`.
package func runInTerminal(_ executable: String, arguments: [String], terminal: FileDescriptor) -> Int32? {
    let argumentStrings = ([executable] + arguments).map { strdup($0) }
    defer { argumentStrings.forEach { free($0) } }
    let argumentVector = argumentStrings + [nil]

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for target in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where terminal.rawValue != target {
        posix_spawn_file_actions_adddup2(&actions, terminal.rawValue, target)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var everySignal = sigset_t()
    sigfillset(&everySignal)
    posix_spawnattr_setsigdefault(&attributes, &everySignal)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var processIdentifier: pid_t = 0
    guard posix_spawn(&processIdentifier, executable, &actions, &attributes, argumentVector, processEnvironment) == 0 else {
        return nil
    }
    var status: Int32 = 0
    while waitpid(processIdentifier, &status, 0) == -1 {
        guard errorNumber == EINTR else { return nil }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
}
