import Foundation
import Testing

@testable import WorkbookRoom

@Suite("A room's pages: the dashboard and a step's", .offThePool)
struct RoomPagesTests {
    @Test("Markup in a name or a line is shown as text, on the dashboard and on its board")
    func markupIsShownAsText() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        let name = "<img src=x onerror=alert(1)>"
        let line = "</td><script>alert('x')</script>&"

        #expect(
            desk.post([RoomHarness.event("ann", 1, verdict: .notMet, shown: line, name: name)]).status == 204)

        for target in ["/", "/board"] {
            let page = desk.answer("GET", "\(target)?code=\(RoomHarness.code)").text
            #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(page.contains("&lt;/td&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"))
            #expect(!page.contains(name))
            #expect(!page.contains("<script>alert"))
        }
    }

    @Test("Names can be hidden: the dashboard then shows each learner by number")
    func namesCanBeHidden() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        _ = desk.post([
            RoomHarness.event("ann", 1, name: "Ann Smith"), RoomHarness.event("bob", 1, name: "Bob Jones"),
        ])

        let board = desk.answer("GET", "/board?code=\(RoomHarness.code)&names=hidden").text

        #expect(board.contains("Learner 1"))
        #expect(board.contains("Learner 2"))
        #expect(!board.contains("Ann Smith"))
        #expect(!board.contains("Bob Jones"))
    }

    @Test("A learner on one step past the time set is listed as stuck, with what their check showed")
    func stuckLearnersAreListed() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        _ = desk.post([
            RoomHarness.event(
                "ann", 1, verdict: .notMet, shown: "cannot find 'Greeter' in scope", name: "Ann")
        ])
        _ = desk.post([RoomHarness.event("bob", 1, verdict: .met, name: "Bob")])

        let before = desk.answer("GET", "/board?code=\(RoomHarness.code)&stuck=10").text
        room.advance(seconds: 11 * 60)
        let after = desk.answer("GET", "/board?code=\(RoomHarness.code)&stuck=10").text

        #expect(!before.contains("data-stuck"))
        #expect(after.components(separatedBy: "<li data-stuck>").count == 2)
        #expect(after.contains("<li data-stuck><strong>Ann</strong>"))
        // One whose chapter is done, or who left, is not stuck.
        _ = desk.post([RoomHarness.event("cid", 1, step: "1.3", name: "Cid")])
        _ = desk.post([RoomHarness.event("ann", 2, verdict: .left)])
        room.advance(seconds: 11 * 60)
        let later = desk.answer("GET", "/board?code=\(RoomHarness.code)&stuck=10").text
        #expect(!later.contains("data-stuck"))
        #expect(!later.contains("Ann"))
    }

    @Test("A code typed in lower case opens the dashboard too")
    func aLowerCaseCodeIsTheCode() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        #expect(desk.answer("GET", "/?code=\(RoomHarness.code.lowercased())").status == 200)
    }

    @Test("A step's page shows its text and the mistakes written down for it; an unknown step is 404")
    func aStepsPage() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        let step = try #require(room.workbook.chapter(1)?.step(1))

        let page = desk.answer("GET", "/step/1.1?code=\(RoomHarness.code)")
        let missing = desk.answer("GET", "/step/9.9?code=\(RoomHarness.code)")

        #expect(page.status == 200)
        #expect(page.text.contains(Html.text(step.title)))
        #expect(page.text.contains("Mistakes written down for this step"))
        #expect(missing.status == 404)
    }

    @Test(
        "A path a room does not have is 404; a method a path does not take is 405",
        arguments: [
            ("GET", "/admin", 404), ("DELETE", "/events", 405), ("GET", "/events", 405), ("POST", "/", 405),
        ])
    func unknownPathsAndMethods(method: String, path: String, status: Int) throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        #expect(desk.answer(method, "\(path)?code=\(RoomHarness.code)").status == status)
    }
}
