#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few socket calls whose spelling differs between Glibc and Darwin, named once.
package enum Sockets {
    package static var streamType: Int32 {
        #if canImport(Glibc)
            // Closed in every program started from then on, from the moment it is made: a program another
            // thread starts before `closeOnExec` would otherwise keep a listener's port (seen in the
            // tools' tests: a room served again on its port was refused). macOS has no SOCK_CLOEXEC.
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// Sends bytes without the signal that ends the process when the peer has gone: Linux takes a flag
    /// per call, Darwin an option per socket (set by ``prepareConnection(_:sendTimeout:)``).
    package static func send(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.send(descriptor, pointer, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(descriptor, pointer, count, 0)
        #endif
    }

    /// Makes an accepted connection blocking (on Darwin it inherits the listener's non-blocking mode),
    /// bounds how long a send may wait for a client that does not read, and keeps it out of children.
    package static func prepareConnection(_ descriptor: Int32, sendTimeout seconds: Int) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        closeOnExec(descriptor)
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Keeps a client's socket from ending the process with SIGPIPE when its peer has gone: on Darwin,
    /// where ``send(_:_:_:)`` cannot say so per call.
    package static func neverSignalOnSend(_ descriptor: Int32) {
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// How many files this process may have open at once (its soft limit, `ulimit -n`).
    package static var openFileLimit: UInt64 {
        var limit = rlimit()
        #if canImport(Glibc)
            let read = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
            let read = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        return read == 0 ? UInt64(limit.rlim_cur) : UInt64.max
    }

    /// Raises this process's limit of open files to `count` if it is lower and the system allows it;
    /// returns the limit it has then.
    @discardableResult
    package static func allowOpenFiles(_ count: UInt64) -> UInt64 {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if UInt64(limit.rlim_cur) < count {
            limit.rlim_cur = rlim_t(min(count, UInt64(limit.rlim_max)))
            _ = setrlimit(resource, &limit)
        }
        return openFileLimit
    }

    package static func closeOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    package static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    /// Waits until `descriptor` can be read or `wake` is written to, for at most `milliseconds` (-1:
    /// no limit). A signal that interrupts the wait does not end it.
    package static func waitForInput(_ descriptor: Int32, orWake wake: Int32, milliseconds: Int32)
        -> Readiness
    {
        var entries = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&entries, 2, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return .failed }
            if ready == 0 { return .timedOut }
            if entries[1].revents != 0 { return .woken }
            return .readable
        }
    }

    package enum Readiness { case readable, woken, timedOut, failed }
}
