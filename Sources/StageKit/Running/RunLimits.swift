/// How long a runner lets a package's build, and then its tests, run before it stops them, in seconds.
package struct RunLimits: Equatable, Sendable {
    var build: Double
    var tests: Double

    /// A learner's workspace: a build as long as a cold one may take, and the tests the learner's
    /// `--time-limit`.
    package static func workspace(tests: Double) -> RunLimits { RunLimits(build: 900, tests: tests) }

    /// `workbook doctor`'s small package: it builds in seconds on a ready machine, and its one test
    /// runs in less than one; a toolchain that takes longer is said not to answer.
    package static let doctorProbe = RunLimits(build: 120, tests: 60)
}
