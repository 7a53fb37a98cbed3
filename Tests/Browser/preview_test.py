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

from playwright.sync_api import expect, sync_playwright

TIMEOUT = 20_000  # milliseconds


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
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
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
