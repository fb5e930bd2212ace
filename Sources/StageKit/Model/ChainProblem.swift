/// A break in the chain of steps, found without building anything.
package struct ChainProblem: Equatable, Sendable, CustomStringConvertible {
    /// The step ("1.3") or chapter ("chapter 1") it is about.
    package var subject: String
    package var problem: String

    package init(subject: String, problem: String) {
        self.subject = subject
        self.problem = problem
    }

    package var description: String { "\(subject): \(problem)" }
}
