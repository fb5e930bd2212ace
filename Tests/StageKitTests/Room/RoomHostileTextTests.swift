import Foundation
import Testing

@testable import WorkbookRoom

/// What anyone with a room's code can send, as a name or a line shown, read on the facilitator's
/// pages: it stays text, and the pages run no script but the room's own. The strings join a `<` or a
/// `"` to the character beside it in one Swift `Character` (U+0600 is a prepended mark, U+0301 a
/// combining accent, U+200D a joiner, U+FE0F a variation selector), which an escaping that goes
/// character by character does not see.
@Suite("Hostile text on a room's pages", .offThePool)
struct RoomHostileTextTests {
    static let adversaries = [
        "\u{0600}<img src=x onerror=alert(1)>",
        "\"\u{301} onmouseover=alert(1) x=\"",
        "'\u{301} onfocus=alert(1) autofocus x='",
        "<\u{301}script>alert(1)</script>",
        "<\u{200D}img src=x onerror=alert(1)>",
        "<\u{FE0F}b>bold</b>",
        ">\u{301}",
        "&\u{301}lt;script&gt;",
        "\u{0600}\"",
    ]

    @Test(
        "Escaped, an adversary's string holds no raw <, >, \", ' or & and reads back as it was",
        arguments: adversaries)
    func adversariesAreEscaped(_ hostile: String) {
        let escaped = Html.text(hostile)

        #expect(HtmlEntities.rawMarkup(in: escaped).isEmpty, "\(escaped.unicodeScalars.map(\.value))")
        #expect(HtmlEntities.decoded(escaped) == Array(hostile.unicodeScalars))
    }

    @Test("A name and a line that join markup to its neighbours are shown as text, on the page and its board")
    func joinedMarkupIsShownAsText() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        let name = "\u{0600}<img src=x onerror=alert(1)>"
        let line = "x\"\u{301}><script>alert(1)</script><\u{301}img src=x onerror=alert(2)>"
        #expect(
            desk.post([RoomHarness.event("ann", 1, verdict: .notMet, shown: line, name: name)]).status == 204)
        room.advance(seconds: 20 * 60)  // so that she is listed as stuck too, with her line

        for target in ["/", "/board"] {
            let page = Data(desk.answer("GET", "\(target)?code=\(RoomHarness.code)").body)
            for markup in ["<img", "<script>alert", "\"\u{301}>", "<\u{301}img"] {
                #expect(page.range(of: Data(markup.utf8)) == nil, "\(target) holds \(markup)")
            }
            #expect(page.range(of: Data("\u{0600}&lt;img src=x onerror=alert(1)&gt;".utf8)) != nil)
            #expect(page.range(of: Data("x&quot;\u{301}&gt;&lt;script&gt;".utf8)) != nil)
        }
    }

    @Test("The pages run no script written into them: the policy allows the room's own files only")
    func noInlineScript() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        for target in ["/", "/board", "/step/1.1"] {
            let answer = desk.answer("GET", "\(target)?code=\(RoomHarness.code)")
            let policy = try #require(answer.headers["Content-Security-Policy"])
            let scriptSources = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("script-src ") }
            #expect(scriptSources == "script-src 'self'", "\(target): \(policy)")
            #expect(policy.contains("default-src 'none'"))
            // Every script element names its file and holds nothing.
            let scripts = answer.text.components(separatedBy: "<script").dropFirst()
            #expect(scripts.allSatisfy { $0.hasPrefix(" src=\"/") && $0.contains("></script>") }, "\(target)")
            #expect(answer.text.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil)
        }
    }

    @Test("The dashboard's script is a file of the room's, behind its code, and the page asks for it")
    func theScriptIsAFile() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        let script = desk.answer("GET", "/dashboard.js?code=\(RoomHarness.code)")
        let page = desk.answer("GET", "/?code=\(RoomHarness.code)").text

        #expect(script.status == 200)
        #expect(script.contentType == "text/javascript; charset=utf-8")
        #expect(script.headers["X-Content-Type-Options"] == "nosniff")
        #expect(script.text.contains("fetch(\"/board\" + location.search"))
        #expect(page.contains("<script src=\"/dashboard.js?code=\(RoomHarness.code)\"></script>"))
        #expect(desk.answer("GET", "/dashboard.js").status == 403)
        #expect(desk.answer("POST", "/dashboard.js?code=\(RoomHarness.code)").status == 405)
    }
}

/// Reads escaped text back: the five entities `Html.text` writes, and nothing else.
enum HtmlEntities {
    static let entities: [(String, Unicode.Scalar)] = [
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
    ]

    /// The offsets (in Unicode scalars) of each `<`, `>`, `"`, `'` left raw, and of each `&` that does
    /// not start one of the five entities.
    static func rawMarkup(in escaped: String) -> [Int] {
        let scalars = Array(escaped.unicodeScalars)
        return scalars.indices.filter { offset in
            switch scalars[offset] {
            case "<", ">", "\"", "'": true
            case "&": entity(at: offset, in: scalars) == nil
            default: false
            }
        }
    }

    /// The text `escaped` was made from, in Unicode scalars; a raw `&` is kept as it is.
    static func decoded(_ escaped: String) -> [Unicode.Scalar] {
        let scalars = Array(escaped.unicodeScalars)
        var text: [Unicode.Scalar] = []
        var offset = 0
        while offset < scalars.count {
            if let (length, scalar) = entity(at: offset, in: scalars) {
                text.append(scalar)
                offset += length
            } else {
                text.append(scalars[offset])
                offset += 1
            }
        }
        return text
    }

    private static func entity(at offset: Int, in scalars: [Unicode.Scalar]) -> (Int, Unicode.Scalar)? {
        guard scalars[offset] == "&" else { return nil }
        for (name, scalar) in entities {
            let written = Array(name.unicodeScalars)
            if scalars[offset...].starts(with: written) { return (written.count, scalar) }
        }
        return nil
    }
}
