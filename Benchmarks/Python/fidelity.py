"""WidgetDemo's pictures against upstream's recording of the same bundle on an iPhone.

Run by ../compare-fidelity, which gives the paths. For each screen (the feed, and the post
details after tapping the first row) it prints, device beside widgetry:

- post-text lines: how many of the device's first lines widgetry breaks at the same words;
- mean luminance (Rec. 601 luma, 0-255) of the widget's area;
- SSIM of the two pictures in grey after a downscale and a Gaussian blur (see `similarity`).

and, for the candidate free fonts, how many of the device's post-text lines each font's advance
widths give when the texts are broken at the device's label widths (widgetry's greedy breaking,
no kerning). Everything printed is deterministic for the same inputs.
"""

import argparse
import html
import re
import sys
from pathlib import Path

import numpy as np
from PIL import Image

# The recording: Samples/Resources/WidgetHostDemo.gif in m8labs/WidgetKit (BSD licence), 720×1284
# pixels of an iPhone's 375-point screen. Its host shows the widget in a 210×270-point
# `WidgetView` (pink or blue border); the widget is laid out at 375 points and scaled into it.
# The widget's own area inside the border, measured once on frame 0: 396×472 pixels, that is
# 375×447 points at 1.056 pixels a point.
WIDGET_BOX = (164, 160, 560, 632)
LAYOUT = (375, 447)

# The device's lines, read by eye from the frames (docs/RENDERING.md#compared-with-the-device).
FEED_LINES = [
    ["WidgetKit Framework provides a set", "of 100% reusable objects! #reusable", "#objects"],
    ["Bind UIKit elements to model's fields", "with data formatting. #bindings"],
    ["Handle UIControl's interactions,", "including infinite scroll and pull to", "refresh. #infinite_scroll",
     "#pull_to_refresh"],
]
# The fourth post's first two lines, which the feed's frame shows too: the font table counts them.
FEED_MORE = [["Handle received JSON data and parse", "it directly to the CoreData in the"]]
DETAILS_LINES = [["WidgetKit Framework provides a set of", "100% reusable objects! #reusable", "#objects"]]

# The screens: the GIF frame and the device's post-text lines. ../compare-fidelity draws the feed
# as the bundle opens and the post details after tapping the first row.
SCREENS = [
    {"name": "feed", "frame": 0, "lines": FEED_LINES},
    {"name": "post details", "frame": 30, "lines": DETAILS_LINES},
]

# Candidate free fonts, each as the Debian package that ships it and the regular face's file.
CANDIDATES = [
    ("Liberation Sans", "fonts-liberation2", "usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"),
    ("DejaVu Sans", "fonts-dejavu-core", "usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    ("Inter", "fonts-inter", "usr/share/fonts/opentype/inter/Inter-Regular.otf"),
    ("Roboto", "fonts-roboto-unhinted", "usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"),
    ("Noto Sans", "fonts-noto-core", "usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"),
    ("Open Sans", "fonts-open-sans", "usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf"),
]

# The host draws the widget 210 points wide: compare at one pixel a host point, blurred by a
# pixel's Gaussian (which also takes away the GIF's two-pixel dithering).
BLUR_SIGMA = 1.0
SCALE_WIDTH = 210


def device_frame(gif, index):
    """The widget's area of frame `index`, in RGB."""
    image = Image.open(gif)
    image.seek(index)
    return image.convert("RGB").crop(WIDGET_BOX)


def luminance(image):
    pixels = np.asarray(image.convert("RGB"), dtype=np.float64)
    return pixels @ np.array([0.299, 0.587, 0.114])


def gaussian(values, sigma):
    """`values` blurred by a Gaussian of `sigma` pixels (truncated at 3 sigma, edges repeated)."""
    radius = int(np.ceil(3 * sigma))
    kernel = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    kernel /= kernel.sum()
    padded = np.pad(values, radius, mode="edge")
    rows = np.apply_along_axis(lambda r: np.convolve(r, kernel, mode="valid"), 1, padded)
    return np.apply_along_axis(lambda c: np.convolve(c, kernel, mode="valid"), 0, rows)


def similarity(device, picture):
    """SSIM (Wang et al. 2004: Gaussian window of sigma 1.5, K1 0.01, K2 0.03, L 255) of the two
    pictures in grey, each first downscaled to SCALE_WIDTH pixels wide by area averaging and
    blurred by a Gaussian of BLUR_SIGMA pixels, which takes away the GIF's dithering and the
    sub-pixel differences of two font renderers."""
    height = round(SCALE_WIDTH * device.height / device.width)
    grey = []
    for image in (device, picture):
        small = image.convert("RGB").resize((SCALE_WIDTH, height), Image.BOX)
        grey.append(gaussian(luminance(small), BLUR_SIGMA))
    x, y = grey
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mx, my = gaussian(x, 1.5), gaussian(y, 1.5)
    vx = gaussian(x * x, 1.5) - mx * mx
    vy = gaussian(y * y, 1.5) - my * my
    cxy = gaussian(x * y, 1.5) - mx * my
    ssim = ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
    return float(ssim.mean())


def flat(picture):
    """A picture of `picture`'s size in one grey, its mean luminance."""
    grey = int(round(luminance(picture).mean()))
    return Image.new("RGB", picture.size, (grey, grey, grey))


def picture_lines(page, device_lines):
    """The lines widgetry drew for each post whose text the device shows, from the HTML."""
    drawn = []
    for match in re.finditer(r'<div class="t"[^>]*>(.*?)</div>', page):
        drawn.append([html.unescape(line) for line in match.group(1).split("<br>")])
    result = []
    for post in device_lines:
        opening = " ".join(" ".join(post).split(" ")[:3])
        result.append(next((lines for lines in drawn if " ".join(lines).startswith(opening)), []))
    return result


def agreement(device_lines, lines):
    """How many of the device's lines are the same words, in the same post and place."""
    return sum(1 for post, got in zip(device_lines, lines) for i, line in enumerate(post) if i < len(got) and got[i] == line)


def wrap(text, advance, width, size):
    """widgetry's greedy breaking (TextMetrics.lines) with a font's advance widths, no kerning."""
    lines, line = [], ""
    for word in text.split(" "):
        candidate = word if not line else line + " " + word
        if advance(candidate) * size <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


def font_table(fonts):
    from fontTools.ttLib import TTFont

    print("Post-text lines breaking as on the device, by each font's advance widths: the feed's first 9")
    print("and all 11 the frame shows (247 pt, 14 pt), the details' 3 (343 pt, 18 pt); and the range of")
    print("scales of the font's widths within which all 14 agree (1 inside it: the font as it is).")
    print(f"  {'font':<16} {'package':<22} {'first 9':>7} {'all 11':>7} {'details':>8}   scales")
    screens = [(FEED_LINES + FEED_MORE, 247, 14), (DETAILS_LINES, 343, 18)]
    for name, package, path in CANDIDATES:
        file = fonts / path
        if not file.exists():
            print(f"  {name:<16} {package:<22} (not available)")
            continue
        font = TTFont(str(file))
        cmap, metrics, units = font.getBestCmap(), font["hmtx"].metrics, font["head"].unitsPerEm
        advance = lambda text: sum(metrics[cmap[ord(c)]][0] for c in text) / units
        counts, low, high = [], 0.0, float("inf")
        for posts, width, size in screens:
            got = [wrap(" ".join(post), advance, width, size) for post in posts]
            counts.append(agreement(posts, got))
            for post in posts:
                high = min(high, min(width / (advance(line) * size) for line in post))
                for line, following in zip(post, post[1:]):
                    low = max(low, width / (advance(line + " " + following.split(" ")[0]) * size))
        first = agreement(FEED_LINES, [wrap(" ".join(post), advance, 247, 14) for post in FEED_LINES])
        window = f"{low:.3f}-{high:.3f}" if low <= high else "none"
        print(f"  {name:<16} {package:<22} {first:>5}/9 {counts[0]:>4}/11 {counts[1]:>6}/3   {window}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gif", required=True, type=Path)
    parser.add_argument("--pictures", required=True, type=Path, help="folder with NAME.png and NAME.html per screen")
    parser.add_argument("--fonts", type=Path, help="folder the candidate font packages are unpacked in")
    parser.add_argument("--out", type=Path, help="write the side-by-side images here")
    arguments = parser.parse_args()

    print(f"Device: frames of {arguments.gif.name}, the widget's area {WIDGET_BOX} "
          f"({LAYOUT[0]}x{LAYOUT[1]} pt); widgetry: the same screens at --device {LAYOUT[0]}x{LAYOUT[1] + 20}, "
          "below the 20-pt status bar band the host's view does not have.")
    print(f"SSIM: grey, downscaled to {SCALE_WIDTH} px wide (area average), Gaussian blur sigma {BLUR_SIGMA} px; "
          "flat: the SSIM of a picture of one grey, widgetry's mean, for scale.")
    print()
    print(f"  {'screen':<13} {'lines as device':>16} {'luminance device':>17} {'widgetry':>9} {'SSIM':>6} {'flat':>6}")
    for screen in SCREENS:
        slug = screen["name"].replace(" ", "-")
        device = device_frame(arguments.gif, screen["frame"])
        picture = Image.open(arguments.pictures / f"{slug}.png").convert("RGB")
        picture = picture.crop((0, 20, LAYOUT[0], 20 + LAYOUT[1]))
        page = (arguments.pictures / f"{slug}.html").read_text(encoding="utf-8")
        lines = picture_lines(page, screen["lines"])
        total = sum(len(post) for post in screen["lines"])
        agreeing = agreement(screen["lines"], lines)
        print(f"  {screen['name']:<13} {agreeing:>13}/{total:<2} {luminance(device).mean():>17.1f} "
              f"{luminance(picture).mean():>9.1f} {similarity(device, picture):>6.3f} {similarity(device, flat(picture)):>6.3f}")
        if arguments.out:
            scaled = device.resize(LAYOUT, Image.LANCZOS)
            pair = Image.new("RGB", (2 * LAYOUT[0] + 8, LAYOUT[1]), (255, 255, 255))
            pair.paste(scaled, (0, 0))
            pair.paste(picture, (LAYOUT[0] + 8, 0))
            # 128 colours (octree, which keeps the avatars' few bright ones), not dithered: a
            # small PNG for the docs.
            pair = pair.quantize(colors=128, method=Image.FASTOCTREE, dither=Image.NONE)
            pair.save(arguments.out / f"device-{slug}.png", optimize=True)
    if arguments.fonts:
        print()
        font_table(arguments.fonts)


if __name__ == "__main__":
    sys.exit(main())
