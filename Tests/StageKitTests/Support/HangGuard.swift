import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a suite whose tests take a second: a guard against a hang, not a measure. A
    /// test's limit runs from when it starts, and on a loaded two-core machine its body can wait about
    /// as long as the end-to-end tests' builds hold the threads: under load, every test of the room's
    /// join and leave once failed a minute's limit together at 114 s, each passing in under a second
    /// alone.
    static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
