import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `posix_spawn` and its two option sets, each created and destroyed in one place.
enum Spawn {
    /// Starts `path` and returns its process id.
    static func start(
        _ path: String, arguments: [String], environment: [String], actions: inout SpawnActions,
        attributes: inout SpawnAttributes
    ) throws(ChildProcessError) -> pid_t {
        let argv = CStrings(arguments)
        let envp = CStrings(environment)
        defer {
            argv.free()
            envp.free()
        }
        // Noted as this process's own as it starts, so that it is never taken for an orphan (Orphans).
        return try Orphans.started { () throws(ChildProcessError) -> pid_t in
            var pid: pid_t = 0
            let answer = posix_spawn(
                &pid, path, &actions.value, &attributes.value, argv.pointers, envp.pointers)
            guard answer == 0 else {
                throw ChildProcessError(path: path, reason: String(cString: strerror(answer)))
            }
            return pid
        }
    }
}

/// What the child does with its files before it starts.
struct SpawnActions {
    #if canImport(Glibc)
        var value = posix_spawn_file_actions_t()
    #else
        var value: posix_spawn_file_actions_t?
    #endif

    init() {
        posix_spawn_file_actions_init(&value)
    }

    mutating func open(_ descriptor: Int32, _ path: String, _ flags: Int32) {
        posix_spawn_file_actions_addopen(&value, descriptor, path, flags, 0)
    }

    mutating func duplicate(_ descriptor: Int32, as target: Int32) {
        posix_spawn_file_actions_adddup2(&value, descriptor, target)
    }

    /// The child starts in `folder`. The call is looked up by name when the tool runs: Swift's Glibc
    /// module hides glibc's `posix_spawn_file_actions_addchdir_np` (a GNU extension), and Apple's
    /// SDKs name it with or without the `_np` by version; the name POSIX gave it in 2024 is tried first.
    mutating func changeDirectory(to folder: String) throws(ChildProcessError) {
        typealias AddChdir = @convention(c) (UnsafeMutableRawPointer, UnsafePointer<CChar>) -> Int32
        #if canImport(Darwin)
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard
            let symbol = dlsym(everywhere, "posix_spawn_file_actions_addchdir")
                ?? dlsym(everywhere, "posix_spawn_file_actions_addchdir_np")
        else {
            throw ChildProcessError(path: folder, reason: "this system cannot start a program in a folder")
        }
        let addChdir = unsafeBitCast(symbol, to: AddChdir.self)
        let answer = withUnsafeMutablePointer(to: &value) { addChdir(UnsafeMutableRawPointer($0), folder) }
        guard answer == 0 else {
            throw ChildProcessError(path: folder, reason: String(cString: strerror(answer)))
        }
    }

    mutating func destroy() {
        posix_spawn_file_actions_destroy(&value)
    }
}

/// The child's process group and signals.
struct SpawnAttributes {
    #if canImport(Glibc)
        var value = posix_spawnattr_t()
    #else
        var value: posix_spawnattr_t?
    #endif
    private var flags: Int32 = 0

    init() {
        posix_spawnattr_init(&value)
    }

    /// The child leads a process group of its own, so that it and all it starts can be ended at once.
    mutating func leadNewGroup() {
        posix_spawnattr_setpgroup(&value, 0)
        add(Int32(POSIX_SPAWN_SETPGROUP))
    }

    /// No signal blocked, and the usual ones at their default action: a child of a test run would
    /// otherwise inherit the run's blocked SIGTERM and SIGINT, and ignore being stopped.
    mutating func resetSignals() {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&value, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        // Every signal the tools may ignore while they handle it on a queue (SignalEnding), and the
        // two others a child must not inherit ignored.
        let handled = [
            SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
        ]
        for signal in handled + [SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&value, &defaults)
        add(Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF))
    }

    private mutating func add(_ flag: Int32) {
        flags |= flag
        posix_spawnattr_setflags(&value, Int16(flags))
    }

    mutating func destroy() {
        posix_spawnattr_destroy(&value)
    }
}

/// A null-terminated array of C strings, as `posix_spawn` takes its arguments and environment.
struct CStrings {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

    init(_ strings: [String]) {
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    func free() {
        var index = 0
        while let string = pointers[index] {
            Foundation.free(string)
            index += 1
        }
        pointers.deallocate()
    }
}
