import ExecutableTesting
import Foundation
import Testing

@testable import DogsDemo

private let dogsExecutable = BuiltExecutable.named("dogs")

@Suite("dogs, end to end")
struct DogsExecutableTests {
    @Test("The command line reads as the bundled API, failing first, the live API or help")
    func commandLineIsRead() throws {
        #expect(try DogsDemo.parse([]) == .run(live: false, failFirst: false))
        #expect(try DogsDemo.parse(["--fail-first"]) == .run(live: false, failFirst: true))
        #expect(try DogsDemo.parse(["--live"]) == .run(live: true, failFirst: false))
        #expect(try DogsDemo.parse(["--help"]) == .help)
        #expect(throws: DogsDemoError.usage("dogs takes --fail-first, --live or nothing, not '--fast'")) {
            try DogsDemo.parse(["--fast"])
        }
    }

    @Test(
        "Run with no argument, it shows the three bundled dogs, offline",
        .enabled(
            if: dogsExecutable != nil, "needs the dogs executable, which swift build makes beside the tests"))
    func showsTheBundledDogs() throws {
        let (termination, output) = try BuiltExecutable.run(try #require(dogsExecutable), [], input: "")

        #expect(termination == .exited(0))
        #expect(output.contains("• Setter English  https://images.dog.ceo/breeds/setter-english/"))
        #expect(output.contains("• Bulldog Boston  "))
        #expect(!output.contains("RETRY"))
    }

    @Test(
        "When the server fails first, it shows the alert, and r then Return retries to the dogs",
        .enabled(
            if: dogsExecutable != nil, "needs the dogs executable, which swift build makes beside the tests"))
    func retriesFromTheKeyboard() throws {
        let (termination, output) = try BuiltExecutable.run(
            try #require(dogsExecutable), ["--fail-first"], input: "r\n")

        #expect(termination == .exited(0))
        let alert = try #require(output.range(of: "┌ Error loading dogs\n└ [R] RETRY"))
        let dogs = try #require(output.range(of: "• Setter English"))
        #expect(alert.upperBound < dogs.lowerBound)
    }

    @Test(
        "When the server fails and the user quits, it exits with status 1",
        .enabled(
            if: dogsExecutable != nil, "needs the dogs executable, which swift build makes beside the tests"))
    func quittingAtTheAlertExitsWithOne() throws {
        let (termination, output) = try BuiltExecutable.run(
            try #require(dogsExecutable), ["--fail-first"], input: "q\n")

        #expect(termination == .exited(1))
        #expect(output.contains("┌ Error loading dogs"))
    }

    @Test(
        "Run with too few files allowed open, it says so in one sentence instead of trapping in Dispatch",
        .enabled(
            if: dogsExecutable != nil, "needs the dogs executable, which swift build makes beside the tests"))
    func saysWhenOutOfFiles() throws {
        let executable = try #require(dogsExecutable)

        let (termination, output) = try BuiltExecutable.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -n 20 && exec \"$0\"", executable.path])

        #expect(termination == .exited(1))
        #expect(output.hasPrefix("dogs: too many open files: this process cannot open the files and sockets"))
    }
}
