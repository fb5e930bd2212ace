import Foundation
import WorkbookModel

/// What a dashboard's address asks for besides the code: names hidden (`names=hidden`), and the minutes
/// on one step past which a learner is listed as stuck (`stuck=15`).
struct DashboardOptions {
    var hidesNames: Bool
    var stuckAfter: Int
    var code: String

    init(query: [String: String], code: String, standardStuckAfter: Int) {
        hidesNames = query["names"] == "hidden"
        stuckAfter =
            query["stuck"].flatMap(Int.init).flatMap { (1...600).contains($0) ? $0 : nil }
            ?? standardStuckAfter
        self.code = code
    }

    /// This page's query, with `change` made to it.
    func query(_ change: (inout DashboardOptions) -> Void = { _ in }) -> String {
        var options = self
        change(&options)
        let code = options.code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "?code=\(code)&stuck=\(options.stuckAfter)" + (options.hidesNames ? "&names=hidden" : "")
    }
}

/// The facilitator's page: where every learner is, how many at each step, who has been on a step too
/// long, and the errors learners see most at each step. Made whole by the room (no outside file), with
/// its script (``script``) served by the room beside it, since the pages' policy runs no script written
/// into a page: it asks for its board again every few seconds. Everything a learner sent is written as
/// text, by `Html`.
struct DashboardPage {
    let desk: RoomDesk
    let options: DashboardOptions
    let at: Date

    func page() -> String {
        let names = options.hidesNames ? "Show names" : "Hide names"
        let stuckLinks = [5, 10, 15, 20, 30].map { minutes in
            let link = options.query { $0.stuckAfter = minutes }
            let current = minutes == options.stuckAfter ? " aria-current=\"true\"" : ""
            return "<a href=\"/\(Html.text(link))\"\(current)>\(minutes)</a>"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Room \(Html.text(desk.code))</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>\(Self.style)</style></head>
            <body><header><h1>Room \(Html.text(desk.code))</h1>
            <nav><a href="/\(Html.text(options.query { $0.hidesNames.toggle() }))">\(names)</a>
            · Stuck after (minutes): \(stuckLinks.joined(separator: " "))</nav></header>
            <p id="trouble" role="status"></p>
            <main id="board">\(board())</main>
            <script src="/dashboard.js?code=\(Html.text(desk.code))"></script></body></html>
            """
    }

    /// The part that changes, which the page fetches again.
    func board() -> String {
        let state = desk.state
        let learners = state.learnersInOrder
        let people = learners.count == 1 ? "1 learner" : "\(learners.count) learners"
        var html = "<p class=\"summary\">\(people) · \(readiness(learners))\(state.eventCount) events · at "
        html += "\(Self.clock(at))</p>\n"
        html += histogram(learners)
        html += stuck(learners)
        html += table(learners)
        html += errors(state)
        return html
    }

    /// How many learners `workbook doctor` found ready, and not, when any ran it: "2 ready, 1 not ready · ".
    private func readiness(_ learners: [RoomState.Learner]) -> String {
        let told = learners.compactMap(\.ready)
        guard !told.isEmpty else { return "" }
        let ready = told.filter { $0 }.count
        return "\(ready) ready, \(told.count - ready) not ready · "
    }

    private func histogram(_ learners: [RoomState.Learner]) -> String {
        let counts = Dictionary(learners.filter(\.hasStarted).map { ($0.step, 1) }, uniquingKeysWith: +)
        let most = counts.values.max() ?? 1
        let rows = stepsInOrder(counts.keys).map { step in
            let count = counts[step] ?? 0
            return "<tr data-step=\"\(Html.text(step))\"><th>\(Html.text(title(of: step)))</th>"
                + "<td class=\"bar\"><span style=\"width: \(count * 100 / most)%\"></span></td>"
                + "<td class=\"count\">\(count)</td></tr>"
        }
        return
            "<section><h2>Learners at each step</h2><table class=\"histogram\">\(rows.joined())</table></section>\n"
    }

    private func stuck(_ learners: [RoomState.Learner]) -> String {
        let titles = StepTitles(desk.workbook)
        // A learner whose chapter is done waits for the next one: that is not being stuck.
        let late = learners.filter {
            $0.verdict != .met && titles.step($0.step)?.1 != nil
                && at.timeIntervalSince($0.onStepSince) >= Double(options.stuckAfter * 60)
        }
        let items = late.map { learner in
            "<li data-stuck><strong>\(Html.text(name(of: learner)))</strong> at \(Html.text(title(of: learner.step)))"
                + ", \(minutes(since: learner.onStepSince))"
                + (learner.shown.map { ": <q>\(Html.text($0))</q>" } ?? "") + "</li>"
        }
        let body = items.isEmpty ? "<p>Nobody.</p>" : "<ul>\(items.joined())</ul>"
        let threshold = options.stuckAfter == 1 ? "1 minute" : "\(options.stuckAfter) minutes"
        return "<section><h2>On one step for \(threshold) or more, not met</h2>\(body)</section>\n"
    }

    private func table(_ learners: [RoomState.Learner]) -> String {
        let rows = learners.map { learner in
            let step = learner.hasStarted ? title(of: learner.step) : "not started"
            let last = learner.verdict.isReadiness ? "" : learner.verdict.rawValue
            let since = learner.hasStarted ? minutes(since: learner.onStepSince) : ""
            return "<tr data-learner><td>\(Html.text(name(of: learner)))</td>\(ready(learner))"
                + "<td>\(Html.text(step))</td>"
                + "<td class=\"verdict \(learner.verdict == .met ? "met" : learner.verdict == .notMet ? "missed" : "")\">"
                + "\(last)</td><td>\(since)</td>"
                + "<td class=\"shown\">\(Html.text(learner.shown ?? ""))</td></tr>"
        }
        return
            "<section><h2>Learners</h2><table class=\"learners\"><tr><th>Learner</th><th>Ready</th><th>Step</th>"
            + "<th>Last</th><th>On it for</th><th>What it showed</th></tr>\(rows.joined())</table></section>\n"
    }

    /// What the learner's last `workbook doctor` said of their machine, if they ran it.
    private func ready(_ learner: RoomState.Learner) -> String {
        switch learner.ready {
        case true?: "<td class=\"verdict met\" data-ready>✓ ready</td>"
        case false?: "<td class=\"verdict missed\" data-not-ready>✗ not ready</td>"
        case nil: "<td></td>"
        }
    }

    /// The lines checks showed at the steps learners are at now (at most ``errorSteps`` of them, so that
    /// the page stays small however long the room runs).
    private func errors(_ state: RoomState) -> String {
        let occupied = Set(state.learnersInOrder.map(\.step))
        let steps = stepsInOrder(state.stepsWithErrors.filter(occupied.contains)).prefix(Self.errorSteps)
        let sections = steps.map { step in
            let groups = state.errorGroups(at: step).prefix(5).map {
                "<li><span class=\"count\">\($0.count == 1 ? "1 learner" : "\($0.count) learners")</span>"
                    + " \(Html.text($0.line))</li>"
            }
            let link = "/step/\(step)\(options.query())"
            let others =
                state.ungrouped[step].map { "<p>And \($0) lines that did not fit in its groups.</p>" } ?? ""
            return
                "<h3><a href=\"\(Html.text(link))\">\(Html.text(title(of: step)))</a></h3><ol>\(groups.joined())</ol>"
                + others
        }
        let body = sections.isEmpty ? "<p>None yet.</p>" : sections.joined()
        return "<section><h2>What checks showed most at the steps learners are at now (and how many learners"
            + " saw each there)</h2>\(body)</section>\n"
    }

    private func name(of learner: RoomState.Learner) -> String {
        options.hidesNames ? "Learner \(learner.order)" : learner.name ?? learner.id
    }

    private func title(of step: String) -> String { StepTitles(desk.workbook).title(of: step) }

    private func stepsInOrder(_ steps: some Sequence<String>) -> [String] {
        steps.compactMap { step in StepID(step).map { (step, $0) } }
            .sorted { ($0.1.chapter, $0.1.step) < ($1.1.chapter, $1.1.step) }.map(\.0)
    }

    private func minutes(since: Date) -> String {
        let minutes = Int(max(0, at.timeIntervalSince(since)) / 60)
        return minutes < 1 ? "under a minute" : "\(minutes) min"
    }

    static func clock(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return [parts.hour, parts.minute, parts.second].map { String(format: "%02ld", $0 ?? 0) }
            .joined(separator: ":")
    }

    static let errorSteps = 15

    static let style = """
        body { font: 20px/1.4 system-ui, sans-serif; margin: 1.5em; color: #111; background: #fff; }
        h1 { margin: 0; } nav { margin: .3em 0 1em; } a { color: #0645ad; }
        a[aria-current] { font-weight: bold; text-decoration: none; color: #111; }
        table { border-collapse: collapse; } td, th { padding: .2em .6em; text-align: left; vertical-align: top; }
        .histogram th { font-weight: normal; } .bar { width: 40vw; }
        .bar span { display: block; height: 1em; background: #2f6fde; }
        .learners tr:nth-child(even) { background: #f1f1f1; } .met { color: #11731c; } .missed { color: #b3261e; }
        .verdict { white-space: nowrap; }
        #trouble { color: #b3261e; font-weight: bold; }
        .shown, q { font-family: ui-monospace, monospace; font-size: 16px; } .count { font-weight: bold; }
        """
}
