import Testing

@testable import WorkbookText

@Suite("The changes of a green step, each to be taken back alone", .offThePool)
struct StepChangeTests {
    @Test("A new type's members are each a change, comments and attributes going with their member")
    func newTypeIsCutIntoMembers() {
        let new = """
            import Foundation

            /// A greeter.
            public struct Greeter {
                public init() {}

                /// Says hello.
                @inlinable
                public func greeting(for name: String) -> String {
                    "Hello, \\(name)! {"
                }
            }

            """
        let changes = StepChanges.changes(old: "", new: new, path: "Sources/M/Greeter.swift")

        #expect(
            changes.map(\.firstCode) == [
                "public init() {}", "public func greeting(for name: String) -> String {",
            ])
        #expect(changes.map(\.line) == [5, 9])
        #expect(changes[1].added.first == "    /// Says hello.")
        #expect(!changes[0].fileTakenBack.contains("init()"))
        #expect(changes[0].fileTakenBack.contains("public func greeting"))
        #expect(!changes[1].fileTakenBack.contains("greeting"))
        #expect(changes[1].fileTakenBack.contains("public struct Greeter {\n    public init() {}\n"))
    }

    @Test("A rewritten line is one change, and taking it back puts the old line back")
    func rewrittenLineComesBack() throws {
        let old = "struct A {\n    func f() -> Int {\n        0\n    }\n}\n"
        let new = "struct A {\n    func f() -> Int {\n        42\n    }\n}\n"
        let changes = StepChanges.changes(old: old, new: new, path: "Sources/M/A.swift")

        let change = try #require(changes.first)
        #expect(changes.count == 1)
        #expect(change.added == ["        42"])
        #expect(change.removed == ["        0"])
        #expect(change.fileTakenBack == old)
    }

    @Test("Lines that open a block and lines that close it, around kept lines, are one change")
    func blockAroundKeptLinesIsOneChange() throws {
        let old = "func f() {\na()\nb()\n}\n"
        let new = "func f() {\nif x {\na()\n}\nb()\n}\n"
        let changes = StepChanges.changes(old: old, new: new, path: "Sources/M/F.swift")

        let change = try #require(changes.first)
        #expect(changes.count == 1)
        #expect(change.added == ["if x {", "}"])
        #expect(change.fileTakenBack == old)
    }

    @Test("A placeholder comment replaced by a type leaves the type's members each a change")
    func placeholderGivesWayToMembers() {
        let old = "// Greeter will live here.\n"
        let new = "public struct Greeter {\n    public init() {}\n\n    public var name = \"\"\n}\n"
        let changes = StepChanges.changes(old: old, new: new, path: "Sources/M/Greeter.swift")

        #expect(changes.map(\.firstCode) == ["public init() {}", "public var name = \"\""])
        #expect(changes[0].fileTakenBack == "public struct Greeter {\n\n    public var name = \"\"\n}\n")
    }

    @Test("Comments, blank lines, imports and a conditional import are no change a test could ask for")
    func linesWithoutBehaviourAreLeftOut() {
        let new = """
            import Foundation
            #if canImport(FoundationNetworking)
                import FoundationNetworking
            #endif

            // Will grow.

            """
        #expect(StepChanges.changes(old: "", new: new, path: "Sources/M/N.swift").isEmpty)
    }

    @Test("An #if block that holds code is one change with what it holds")
    func conditionalBlockStaysWhole() {
        let new = "#if os(Linux)\nlet a = 1\n#else\nlet a = 2\n#endif\n"
        let changes = StepChanges.changes(old: "", new: new, path: "Sources/M/N.swift")

        #expect(changes.count == 1)
        #expect(changes.first?.fileTakenBack == "")
    }
}

@Suite("The changes of a green step: how lines are read", .offThePool)
struct StepChangeReadingTests {
    @Test("A signature that wraps, its result type and its body's brace on lines of their own, is one change")
    func wrappedSignatureIsOneChange() {
        let new = """
            public final class Client {
                public func get(completion: @escaping () -> Void)
                    -> Int
                {
                    0
                }

                public let name = ""
            }

            """
        let changes = StepChanges.changes(old: "", new: new, path: "Sources/M/Client.swift")

        #expect(
            changes.map(\.firstCode) == [
                "public func get(completion: @escaping () -> Void)", "public let name = \"\"",
            ])
    }

    @Test("Brackets inside a multi-line string, a raw string and a block comment are not counted")
    func bracketsInsideLiteralsAndCommentsAreText() {
        let new = #"""
            enum Payloads {
                static let json = """
                    { "feed": [
                    """

                static let raw = #"say "{"#

                /* a } in a comment */
                static let last = 1
            }

            """#
        let changes = StepChanges.changes(old: "", new: new, path: "Sources/M/Payloads.swift")

        #expect(
            changes.map(\.firstCode) == [
                "static let json = \"\"\"", "static let raw = #\"say \"{\"#", "static let last = 1",
            ])
        #expect(changes.map(\.line) == [2, 6, 9])
    }

    @Test("An import goes with no declaration, and @available with arguments goes with the one below it")
    func importsStayAndAttributesGoWithTheirDeclaration() {
        let new =
            "import Foundation\npublic struct E: Error {}\n\n@available(macOS 14, *)\npublic func f() {}\n"
        let changes = StepChanges.changes(old: "", new: new, path: "Sources/M/E.swift")

        #expect(changes.map(\.firstCode) == ["public struct E: Error {}", "public func f() {}"])
        #expect(changes.map(\.line) == [2, 5])
        #expect(changes[0].fileTakenBack.hasPrefix("import Foundation\n\n@available"))
        #expect(changes[1].added == ["@available(macOS 14, *)", "public func f() {}"])
    }
}
