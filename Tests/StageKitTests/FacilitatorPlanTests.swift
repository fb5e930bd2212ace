import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

@Suite("FacilitatorPlan")
struct FacilitatorPlanTests {
    @Test("A chapter that fits a slot is one slot, from its first step to its last")
    func smallChapterIsOneSlot() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let slots = FacilitatorPlan.slots(of: try fixture.load())

        #expect(slots.map(\.from) == ["1.1"])
        #expect(slots.map(\.to) == ["1.2"])
        #expect(slots.first?.endsChapter == true)
    }

    @Test("A slot ends after a passing step, never after a red, and the next begins at the step after it")
    func slotsEndAtPassingSteps() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        // Nine steps whose texts take 20 minutes each to read: six at most fit a slot of 150 minutes.
        let long = Array(repeating: "word", count: 3_000).joined(separator: " ")
        try fixture.addContinuingChapter(steps: 0)
        for number in 1...9 {
            let kind = number % 2 == 1 ? "red" : "green"
            try fixture.write(
                "Chapters/02-more/stages/0\(number)-step/stage.md",
                stageHeader(
                    "kind: \(kind)", "title: Step \(number)", kind == "red" ? "expect: test-failure" : "",
                    kind == "red" ? "failing: Suite/test()" : "", text: long))
            try fixture.write(
                "Chapters/02-more/stages/0\(number)-step/Sources/Chapter02More/S\(number).swift", "//\n")
        }

        let slots = FacilitatorPlan.slots(of: try fixture.load())
        let inChapterTwo = slots.filter { $0.from.hasPrefix("2.") || $0.to.hasPrefix("2.") }

        #expect(
            inChapterTwo.allSatisfy { slot in slot.endsChapter || (Int(slot.to.dropFirst(2)) ?? 1) % 2 == 0 })
        #expect(inChapterTwo.allSatisfy { $0.minutes <= FacilitatorPlan.slotMinutes })
        #expect(zip(slots, slots.dropFirst()).allSatisfy { $0.next == $1.from })
        #expect(inChapterTwo.count > 1)
    }

    @Test("The walk reports a facilitator's plan that no longer matches the chapters")
    func stalePlanIsReported() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "FACILITATOR.md",
            "# Guide\n\n\(FacilitatorPlan.section.begin)\nold plan\n\(FacilitatorPlan.section.end)\n")

        let problem = FacilitatorPlan.section.problem(in: try fixture.load())

        #expect(
            problem?.description
                == "FACILITATOR.md: its plan of the chapters is stale: run Scripts/render-chapters")
    }

    @Test("A deep dive is left out of the slots, and the plan names it after them")
    func deepDivesAreNotSlots() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 2)
        try fixture.write(
            "Chapters/02-more/chapter.md",
            "---\ntitle: More\nmodule: Chapter02More\ncontinues: 1\ndepth: deep dive\n---\nMore.\n")
        let workbook = try fixture.load()

        #expect(FacilitatorPlan.slots(of: workbook).map(\.to) == ["1.2"])
        #expect(
            FacilitatorPlan.lines(workbook).contains {
                $0.hasPrefix("The slots follow the core chapters. The deep dives, chapter 2 (about")
            })
    }

    @Test(
        "A slot of an hour or more ends with its chapter when the next does not fit whole, naming where the next begins"
    )
    func aFullEnoughSlotEndsWithItsChapter() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 2)
        // 12,000 words of introduction each: chapter 1 alone is past an hour, and the two past a slot.
        let words = Array(repeating: "word", count: 12_000).joined(separator: " ")
        try fixture.write(
            "Chapters/01-demo/chapter.md", "---\ntitle: Demo\nmodule: Chapter01Demo\n---\n\(words)\n")
        try fixture.write(
            "Chapters/02-more/chapter.md",
            "---\ntitle: More\nmodule: Chapter02More\ncontinues: 1\n---\n\(words)\n")

        let slots = FacilitatorPlan.slots(of: try fixture.load())

        #expect(slots.map(\.to) == ["1.2", "2.2"])
        #expect(slots.first?.next == "2.1")
    }

    @Test("The plan gives a chapter's objectives, the key points of its ending")
    func thePlanGivesObjectives() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/01-demo/ending.md",
            """
            ---
            key-point: A greeting names who it greets.
            question: Whom does the greeting name?
            right: The one it greets.
            wrong: Nobody.
            why: It is given the name.
            ---
            Greet in two languages.
            """)

        let lines = FacilitatorPlan.lines(try fixture.load())

        #expect(lines.contains("Its objectives, the key points its ending asks about:"))
        #expect(lines.contains("- A greeting names who it greets."))
    }
}
