import Glibc

/// Starts a child process whose controlling terminal is a given pseudo-terminal slave.
///
/// It uses `posix_spawn` rather than `fork`, because after `fork` in a multithreaded test
/// process only async-signal-safe calls are allowed, and Swift code cannot promise that.
/// `POSIX_SPAWN_SETSID` makes the child a session leader before the file actions run, so its
/// first `open` of the slave (without `O_NOCTTY`) makes that terminal its controlling terminal,
/// which `posix_spawn` cannot otherwise do (it has no `TIOCSCTTY`).
enum ProcessSpawner {
    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26), which Swift does not import because it is
    /// declared only under `_GNU_SOURCE`.
    private static let setSessionFlag: Int32 = 0x80

    /// Signals whose disposition the child gets back to default, whatever the test runner set.
    private static let resetSignals = [
        SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGCHLD, SIGCONT, SIGTSTP,
        SIGTTIN, SIGTTOU, SIGWINCH, SIGUSR1, SIGUSR2, SIGXFSZ,
    ]

    /// Spawns `executable`, looked up in `PATH` when it has no slash, with `arguments` and exactly
    /// `environment`, on the terminal at `terminalPath` as stdin, stdout and stderr, except that
    /// stdout is `standardOutput` when given. Returns the child's process ID.
    static func spawn(
        executable: String,
        arguments: [String],
        environment: [String: String],
        terminalPath: String,
        standardOutput: Int32?
    ) throws(SystemCallError) -> pid_t {
        let argumentStrings = ([executable] + arguments).map { strdup($0) }
        let environmentStrings = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argumentStrings.forEach { free($0) }
            environmentStrings.forEach { free($0) }
        }
        let argumentVector = argumentStrings + [nil]
        let environmentVector = environmentStrings + [nil]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, terminalPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput ?? STDIN_FILENO, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in resetSignals {
            sigaddset(&defaultSignals, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        let flags = setSessionFlag | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var processIdentifier: pid_t = 0
        let spawn = executable.contains("/") ? posix_spawn : posix_spawnp
        let result = spawn(
            &processIdentifier, executable, &actions, &attributes, argumentVector, environmentVector)
        guard result == 0 else {
            throw SystemCallError(operation: "posix_spawn \(executable)", errorNumber: result)
        }
        return processIdentifier
    }
}
