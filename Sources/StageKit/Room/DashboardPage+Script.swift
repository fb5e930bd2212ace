extension DashboardPage {
    /// The dashboard's one script, served by the room as `/dashboard.js` (behind the room's code, as
    /// every page is): it asks for the board again every few seconds and puts it in place. It is a file,
    /// not a part of the page, so that the pages' policy can refuse every script written into a page.
    static let script = """
        const board = document.getElementById("board");
        const trouble = document.getElementById("trouble");
        setInterval(async () => {
          try {
            const answer = await fetch("/board" + location.search, { cache: "no-store" });
            if (!answer.ok) throw new Error(answer.status);
            board.innerHTML = await answer.text();
            trouble.textContent = "";
          } catch (error) {
            trouble.textContent = "The room is not answering: is 'workbook room serve' still running?";
          }
        }, 3000);

        """
}
