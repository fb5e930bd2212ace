import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel
@testable import WorkbookText

@Suite("FacilitatorPlan", .offThePool)
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
        // Nine steps whose texts take 20 minutes each to read: a slot of 150 minutes holds few.
        try longChapter(fixture)

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
            try FacilitatorPlan.lines(workbook).contains {
                $0.hasPrefix("The slots follow the core chapters. The deep dives, chapter 2 (about")
            })
    }

    @Test(
        "A slot with less than half an hour left ends with its chapter when the next does not fit whole, naming where the next begins"
    )
    func aFullEnoughSlotEndsWithItsChapter() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 2)
        // 12,000 words of introduction each: chapter 1 alone leaves less than half an hour of a slot.
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

        let lines = try FacilitatorPlan.lines(try fixture.load())

        #expect(lines.contains("Its objectives, the key points its ending asks about:"))
        #expect(lines.contains("- A greeting names who it greets."))
        #expect(lines.contains("For whoever is ahead, its challenge: Greet in two languages."))
    }

    /// Chapter 2 of nine steps, red and green in turn, each with 20 minutes of text to read.
    func longChapter(_ fixture: WorkbookFixture) throws {
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
    }

    @Test(
        "A slot names its breaks, each after a passing step, none near its start or end; a chapter lists those in it"
    )
    func breaksAtPassingSteps() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try longChapter(fixture)
        let workbook = try fixture.load()
        let pace = RoomPace(workbook, measured: nil)

        // A red and a green take (20 + 1.5 + 20 + 1.5 + their lines) × 1.3, about 57 minutes; the first
        // two also the introduction: slots of two such runs, a break between them, and the last alone.
        let slots = FacilitatorPlan.slots(of: [try #require(workbook.chapter(2))], pace)

        #expect(slots.map(\.to) == ["2.4", "2.8", "2.9"])
        #expect(slots.map { $0.breaks.map(\.step) } == [["2.2"], ["2.6"], []])
        let lines = try FacilitatorPlan.lines(workbook)
        #expect(
            lines.contains {
                $0.hasPrefix("Breaks, each after a passing step: after 2.2, the end of slot 1;")
            })
        // Chapter 1's 28 minutes and the first run of chapter 2: one break, at the passing step nearest
        // the slot's half, at least 20 minutes from its start and end.
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "1. 1.1 to 2.2, about 95 minutes in a room; break after 1.2 (about 28 minutes in).")
            })
    }

}

@Suite("The workbook's own plan", .offThePool)
struct WorkbookPlanTests {
    @Test("A slot breaks at most twice, and never in its first or last 20 minutes")
    func slotsBreakAtMostTwice() throws {
        let workbook = try WorkbookLoader.load(root: repositoryRoot)

        for slot in FacilitatorPlan.slots(of: workbook) {
            #expect(slot.breaks.count <= 2, "the slot from \(slot.from): \(slot.breaks)")
            #expect(
                slot.breaks.allSatisfy { $0.minutes >= 20 && $0.minutes <= slot.minutes - 20 },
                "the slot from \(slot.from), \(slot.minutes) minutes: \(slot.breaks)")
        }
    }

    @Test("Every chapter has its challenge, at least two written-down mistakes, and breaks in the plan")
    func everyChapterIsPlanned() throws {
        let workbook = try WorkbookLoader.load(root: repositoryRoot)
        let lines = try FacilitatorPlan.lines(workbook)

        for chapter in workbook.chapters {
            #expect(chapter.mistakes.count >= 2, "chapter \(chapter.number)")
            #expect(chapter.alternatives.count >= 2, "chapter \(chapter.number)")
            #expect(chapter.ending?.challenge.isEmpty == false, "chapter \(chapter.number)")
            let section = lines.drop { $0 != "### Chapter \(chapter.number): \(chapter.title)" }.dropFirst()
                .prefix { !$0.hasPrefix("### ") }
            #expect(
                section.contains { $0.hasPrefix("For whoever is ahead, its challenge: ") },
                "chapter \(chapter.number)")
            // A chapter longer than a stretch between breaks has a break, or a slot's end, inside it.
            if Double(ChapterBudget(chapter, of: workbook).roomMinutes) > FacilitatorPlan.breakEvery + 15 {
                #expect(
                    section.contains {
                        $0.hasPrefix("Breaks, each after a passing step: after \(chapter.number).")
                    },
                    "chapter \(chapter.number)")
            }
        }
    }
}
