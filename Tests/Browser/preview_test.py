"""Drives `widgetry preview` in real headless Chromium (Debian's chromium, through Playwright):
loads the Feed, searches, opens a post, goes back, advances the clock, and edits a file on disk
to see the reload. Exits non-zero at the first thing that does not happen.

    python3 preview_test.py WIDGETRY SAMPLE_FOLDER CHROMIUM
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import json
import urllib.request

from playwright.sync_api import expect, sync_playwright

TIMEOUT = 20_000  # milliseconds

# A page on another site that tries what any page may: requests a browser sends without asking
# the preview (no-cors fetches with simple bodies, a form post into a hidden frame), and one it
# would have to ask for (a JSON fetch, which needs a preflight the preview never grants).
ATTACK = """<!DOCTYPE html><html><body>
<iframe name="sink" hidden></iframe>
<form id="form" method="POST" action="PREVIEW/service" target="sink" enctype="text/plain">
<input name='{"service": "prod", "x": "' value='"}'></form>
<script>
(async () => {
  const tries = [
    fetch('PREVIEW/service', {method: 'POST', mode: 'no-cors', body: '{"service": "prod"}'}),
    fetch('PREVIEW/interact', {method: 'POST', mode: 'no-cors', headers: {'Content-Type': 'text/plain'}, body: '{"tap": "addButton"}'}),
    fetch('PREVIEW/interact', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{"tap": "addButton"}'}),
    fetch('PREVIEW/state').then(answer => answer.text()),
  ];
  const outcomes = await Promise.allSettled(tries);
  const statuses = outcomes.map(outcome => outcome.status).join(' ');
  document.getElementById('form').submit();
  document.title = 'done ' + statuses;
})();
</script></body></html>"""


def preview_state(url):
    with urllib.request.urlopen(url + "state", timeout=20) as answer:
        return json.loads(answer.read())


def main():
    widgetry, sample, chromium = sys.argv[1], sys.argv[2], sys.argv[3]
    folder = tempfile.mkdtemp(prefix="widgetry-browser-")
    bundle = os.path.join(folder, "Feed")
    shutil.copytree(sample, bundle)
    server = subprocess.Popen([widgetry, "preview", bundle, "--port", "0", "--now", "2018-06-20T19:00:00Z"],
                              stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        line = server.stderr.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise SystemExit(f"preview did not start: {line!r}")
        url = f"http://127.0.0.1:{match.group(1)}/"
        with sync_playwright() as playwright:
            # evil.example resolves to 127.0.0.1, as a rebound name would; and the browser's own
            # guard for private addresses is off, as in browsers without it, so that the
            # preview's checks are what a page from another site meets.
            browser = playwright.chromium.launch(executable_path=chromium, args=[
                "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP evil.example 127.0.0.1",
                "--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,"
                "PrivateNetworkAccessRespectPreflightResults,LocalNetworkAccessChecks"])
            page = browser.new_page()
            page.set_default_timeout(TIMEOUT)
            page.goto(url)
            screen = page.frame_locator("#screen")
            name = page.locator("#screen-name")
            snapshot = page.locator("#snapshot")

            # The Feed loads with its six posts.
            expect(name).to_have_text("FeedViewController")
            expect(screen.locator("[data-row]")).to_have_count(6)
            print("loaded the feed: 6 rows")

            # Searching types into the search bar (the page asks for the text).
            page.once("dialog", lambda dialog: dialog.accept("CoreData"))
            screen.locator('[data-id="searchBar"]').click()
            expect(screen.locator("[data-row]")).to_have_count(2)
            print("searched: 2 rows")

            # Opening a post, then going back.
            screen.locator("[data-row]").first.click()
            expect(name).to_have_text("PostDetailsViewController")
            print("opened a post")
            page.locator("#back").click()
            expect(name).to_have_text("FeedViewController")
            print("went back")

            # The clock advances by a minute.
            page.locator('[data-advance="60"]').click()
            expect(snapshot).to_contain_text(re.compile(r"^screen FeedViewController at t=6\d\.", re.M))
            print("advanced the clock")

            # A page on another site cannot drive the preview, nor read it.
            attacker = browser.new_page()
            attacker.set_default_timeout(TIMEOUT)
            attacker.route("http://attacker.example/", lambda route: route.fulfill(
                status=200, content_type="text/html", body=ATTACK.replace("PREVIEW/", url)))
            posted = []
            for event in ("requestfinished", "requestfailed"):
                attacker.on(event, lambda request: posted.append(request)
                            if request.method == "POST" and request.resource_type == "document" else None)
            attacker.goto("http://attacker.example/")
            expect(attacker).to_have_title(re.compile(r"^done "))
            for _ in range(200):
                if posted:
                    break
                attacker.wait_for_timeout(100)
            if not posted:
                raise SystemExit("the attacking page's form was never sent")
            if "fulfilled" in attacker.title().split()[-1]:
                raise SystemExit("a page on another site read the preview's state")
            state = preview_state(url)
            if state["service"] != "stub" or state["screen"] != "FeedViewController":
                raise SystemExit(f"a page on another site changed the preview: {state['service']}, {state['screen']}")
            # The same page under a name rebound to 127.0.0.1 is not answered.
            rebound = attacker.goto(url.replace("127.0.0.1", "evil.example") + "state")
            if rebound.status != 403 or "preview.host-refused" not in rebound.text():
                raise SystemExit(f"a rebound name was answered: {rebound.status}")
            attacker.close()
            expect(name).to_have_text("FeedViewController")
            print("a page on another site could neither drive nor read the preview")

            # A file changed on disk reloads the widget on the page.
            path = os.path.join(bundle, "FeedViewController.json")
            with open(path, encoding="utf-8") as file:
                text = file.read()
            with open(path, "w", encoding="utf-8") as file:
                file.write(text.replace("No posts here yet!", "Nothing to read yet"))
            expect(snapshot).to_contain_text("Nothing to read yet")
            print("reloaded after a file changed")

            # A broken file shows its error with its place.
            with open(path, "w", encoding="utf-8") as file:
                file.write("{")
            expect(page.locator("#error")).to_contain_text("FeedViewController.json:1:2")
            print("showed the load error")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    print("browser test passed")


if __name__ == "__main__":
    main()
