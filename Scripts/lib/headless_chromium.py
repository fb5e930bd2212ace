"""Headless Chromium driven through the DevTools protocol on a pipe (--remote-debugging-pipe): the
browser reads commands on its descriptor 3 and writes answers on 4, one JSON message per NUL. Python's
standard library is all it needs."""

import base64
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time


MAC_CHROME = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return MAC_CHROME if os.path.exists(MAC_CHROME) else None


def ensure_chromium(script):
    """Chromium's path; when it is missing and this runs as root with apt-get, Debian's chromium package
    is installed first (and `script` says so). Exits with a sentence when it cannot be had."""
    chromium = find_chromium()
    if chromium:
        return chromium

    def fail(sentence):
        print(f"{script}: {sentence}", file=sys.stderr)
        sys.exit(1)

    if os.geteuid() != 0 or not shutil.which("apt-get"):
        fail("this needs Chromium (Debian: apt-get install chromium), and cannot install it here.")
    print(f"{script}: Chromium is missing; installing Debian's chromium package with apt-get…", flush=True)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT}
    environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update"], check=False, env=environment, **quiet)
    packages = ["chromium", "fonts-noto-color-emoji"]
    if subprocess.run(["apt-get", "install", "-y", *packages], env=environment, **quiet).returncode != 0:
        fail("apt-get could not install Chromium.")
    return find_chromium() or fail("Chromium was installed but cannot be found on PATH.")


class Browser:
    def __init__(self, executable, width=1400, height=1000):
        self.profile = tempfile.mkdtemp(prefix="check-tutorial-profile-")
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()

        def place_pipes():
            # In the child only: the browser expects its command pipe at 3 and its answers at 4.
            # Both go out of the way first, so that placing one cannot close the other.
            commands, answers = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (commands_read, answers_write))
            os.dup2(commands, 3)
            os.dup2(answers, 4)

        arguments = [
            executable, "--headless", "--disable-gpu", "--remote-debugging-pipe", "--hide-scrollbars",
            f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "--no-first-run",
            "--disable-dev-shm-usage", "about:blank",
        ]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox.
        # Its own temporary files (a singleton socket's folder, say) go into the profile, removed with it.
        environment = dict(os.environ, TMPDIR=self.profile)
        self.process = subprocess.Popen(
            arguments, preexec_fn=place_pipes, close_fds=False, env=environment,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(commands_read)
        os.close(answers_write)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        try:
            target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            self.call("Page.enable")
            self.call("Runtime.enable")
        except BaseException:
            self.close()  # the browser and its profile go with the failure
            raise

    def close(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        for descriptor in (self.commands, self.answers):
            try:
                os.close(descriptor)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            readable, _, _ = select.select([self.answers], [], [], max(remaining, 0))
            if not readable:
                raise TimeoutError("the browser did not answer in time")
            chunk = os.read(self.answers, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its end of the pipe")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def call(self, method, params=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self.read_message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})

    def open(self, url):
        self.call("Page.navigate", {"url": url})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"the page's script failed: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=30):
        """Evaluates `expression` until it is true (the page's scripts have drawn what it asks for)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.evaluate(expression):
                    return True
            except RuntimeError:
                pass  # the page is still loading: what the expression reads may not be there yet
            time.sleep(0.25)
        return False

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
