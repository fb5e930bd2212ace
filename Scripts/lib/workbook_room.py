"""A workshop room for the scripts that check and measure it: `workbook room serve` started in a folder of
its own, and clients that send what `workbook` sends (RoomEvent, as JSON) with Python's standard library."""

import datetime
import http.client
import json
import os
import pathlib
import re
import signal
import subprocess


class Room:
    def __init__(self, workbook, root, folder, *options):
        """Starts `workbook room serve` in `folder` on 127.0.0.1 at a free port, and reads what it printed
        until its dashboard's address."""
        self.process = subprocess.Popen(
            [str(workbook), "room", "serve", "--root", str(root), "--bind", "127.0.0.1", "--port", "0", *options],
            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        self.shown = []
        for line in self.process.stdout:
            self.shown.append(line.rstrip("\n"))
            if line.startswith("Dashboard: "):
                break
        said = "\n".join(self.shown)
        found = re.search(r"room join (127\.0\.0\.1):(\d+) --code ([A-Z0-9]{6})", said)
        if not found:
            self.stop()
            raise RuntimeError("'workbook room serve' did not say where it listens; it said:\n" + said)
        self.host, self.port, self.code = found.group(1), int(found.group(2)), found.group(3)

    @property
    def dashboard(self):
        return f"http://{self.host}:{self.port}/?code={self.code}"

    def request(self, method, target, body=None):
        """(status, text) of one request, as a learner's `workbook` or a browser makes it."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            connection.request(method, target, body=body, headers=headers)
            answer = connection.getresponse()
            return answer.status, answer.read().decode("utf-8", "replace")
        finally:
            connection.close()

    def send(self, events):
        return self.request("POST", f"/events?code={self.code}", json.dumps(events))[0]

    def state(self):
        status, text = self.request("GET", f"/state?code={self.code}")
        if status != 200:
            raise RuntimeError(f"the room answered /state with {status}: {text}")
        return json.loads(text)

    def peak_memory_kib(self):
        """The server's peak resident memory (Linux: VmHWM), or its current one where that is not kept."""
        status = pathlib.Path(f"/proc/{self.process.pid}/status")
        if status.exists():
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        shown = subprocess.run(["ps", "-o", "rss=", "-p", str(self.process.pid)], capture_output=True, text=True)
        return int(shown.stdout.strip() or 0)

    def stop(self):
        """Ctrl-C, as a facilitator closes the room, and waits for it to end."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(timeout=30)  # a guard against a hang, not a wait for the answer
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()


def event(learner, sequence, step, verdict, shown=None, name=None):
    """One event as `workbook` makes it; each learner's secret is made from their id here."""
    made = {
        "learner": learner, "secret": f"secret-of-{learner}-0123456789", "sequence": sequence, "step": step,
        "verdict": verdict,
        "sent": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    if shown is not None:
        made["shown"] = shown
    if name is not None:
        made["name"] = name
    return made
