import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel

/// A name a green step chooses, that a later test calls the learner's code by, is given where it is
/// chosen: the walk refuses a chapter where it is not.
@Suite("Names a later test needs")
struct NamesGivenTests {
    @Test("Every chapter gives the names its later tests use where its greens choose them")
    func theWorkbookGivesEveryName() throws {
        let workbook = try WorkbookLoader.load(root: repositoryRoot)

        let problems = workbook.chapters.flatMap { NamesGiven.problems(in: $0, of: workbook) }

        #expect(problems == [])
    }

    @Test("Step 5.14 stripped of `url` in its text and hints fails, naming 5.14, `url` and 5.15")
    func aGreenThatNeverNamesItsMember() throws {
        var workbook = try WorkbookLoader.load(root: repositoryRoot)
        let chapterIndex = try #require(workbook.chapters.firstIndex { $0.number == 5 })
        let stepIndex = try #require(workbook.chapters[chapterIndex].steps.firstIndex { $0.number == 14 })
        var step = workbook.chapters[chapterIndex].steps[stepIndex]
        step.text = step.text.replacingOccurrences(of: "`url`", with: "the picture")
        step.hints = step.hints.map { $0.replacingOccurrences(of: "url", with: "picture") }
        workbook.chapters[chapterIndex].steps[stepIndex] = step

        let problems = NamesGiven.problems(in: workbook.chapters[chapterIndex], of: workbook)

        #expect(problems.map(\.subject) == ["5.14"])
        #expect(
            problems.first?.problem.hasPrefix("its code declares `DogUI.url`, a name step 5.15's test uses")
                == true)
    }

    @Test("Members, labels and cases are read; private names and a body's locals are not")
    func declaredNames() {
        let source = """
            public struct DogUI: Equatable {
                public var url: URL?  // a picture's
                private var cache = 0
                public init(url: URL?, named name: String, _ extra: Int = 0) {
                    let local = "var notAMember"
                    self.url = url
                }
                enum Status { case idle, loaded(dogs: [DogUI]) }
                class func make<T: Equatable>(from value: T) -> DogUI { fatalError() }
                var body: Int { let inner = 1; return inner }
            }
            """

        let names = SwiftMembers.declared(in: source)

        #expect(
            names == [
                "DogUI", "url", "named", "Status", "idle", "loaded", "dogs", "make", "from", "body",
            ])
    }
}

extension NamesGivenTests {
    @Test("Every compile-error red's text names what its goal names")
    func goalNamesAreInTheText() throws {
        let workbook = try WorkbookLoader.load(root: repositoryRoot)

        let problems = workbook.chapters.flatMap { NamesGiven.goalNamesProblems(in: $0, of: workbook) }

        #expect(problems == [])
    }
}
