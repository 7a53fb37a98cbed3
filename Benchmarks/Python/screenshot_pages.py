"""The picture benchmark's peer: Playwright for Python taking PNG screenshots of the same HTML
pages in one browser, Debian's Chromium (the one widgetry uses), with widgetry's flags (those
that keep it off the network and draw frames on demand), given after the Chromium's path.

Reads the pages named on standard input, one `path<TAB>width<TAB>height` line each, up to an
empty line; starts the browser and opens one page; then, for each line `round` it reads, sets
each page's HTML and viewport, takes its screenshot, and prints one line: the wall-clock seconds
the batch took and the bytes of every PNG joined by commas. Ends at end of input.

    python screenshot_pages.py CHROMIUM [FLAG ...]
"""
import sys
import time

from playwright.sync_api import sync_playwright


def main():
    chromium, flags = sys.argv[1], sys.argv[2:]
    pages = []
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            break
        path, width, height = line.split("\t")
        with open(path, encoding="utf-8") as file:
            pages.append((file.read(), int(width), int(height)))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        page = browser.new_page(device_scale_factor=1)
        print("ready", flush=True)
        for line in sys.stdin:
            if line.strip() != "round":
                break
            sizes = []
            start = time.perf_counter()
            for html, width, height in pages:
                page.set_viewport_size({"width": width, "height": height})
                page.set_content(html)
                sizes.append(len(page.screenshot(type="png")))
            elapsed = time.perf_counter() - start
            print(f"{elapsed:.6f} {','.join(map(str, sizes))}", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
