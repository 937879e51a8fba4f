#!/usr/bin/env python3
"""Draws the app's icons (the tab icon's checklist: white checkmarks and lines on the tutorials' blue) as PNGs at
192 and 512 pixels, plus a 512-pixel maskable one (full-bleed background, the drawing inside the central 80%
circle that launchers keep), and writes them into Sources/ListsWeb/Assets/Files/, which the build embeds.

Deterministic: the same script writes the same files. Run it after changing the drawing:
    python3 tools/make-icons.py
"""
import math
import os
import struct
import sys
import zlib

BLUE = (0x00, 0x7A, 0xFF)
WHITE = (0xFF, 0xFF, 0xFF)
# The tab icon's drawing (icon.svg), on a 64-unit square: two checkmarks and two lines, 4 units wide, round ends.
STROKES = [
    [(14, 22), (19, 27), (28, 17)],
    [(14, 42), (19, 47), (28, 37)],
    [(34, 22), (50, 22)],
    [(34, 42), (50, 42)],
]
HALF_WIDTH = 2.0


def segment_distance(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def rounded_square_distance(px, py, size, radius):
    """Signed distance from (px, py) to a square of `size` with corners of `radius` (negative inside)."""
    half = size / 2
    qx, qy = abs(px - half) - (half - radius), abs(py - half) - (half - radius)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def draw(size, maskable):
    unit = size / 64
    # The maskable icon's drawing is shrunk about the centre so that it fits the launchers' safe circle.
    scale = 0.82 if maskable else 1.0
    segments = []
    for stroke in STROKES:
        points = [((32 + (x - 32) * scale) * unit, (32 + (y - 32) * scale) * unit) for x, y in stroke]
        segments += [(*points[i], *points[i + 1]) for i in range(len(points) - 1)]
    half_width = HALF_WIDTH * scale * unit
    rows = []
    for y in range(size):
        row = bytearray([0])
        py = y + 0.5
        for x in range(size):
            px = x + 0.5
            if maskable:
                alpha = 1.0
            else:
                alpha = max(0.0, min(1.0, 0.5 - rounded_square_distance(px, py, size, 14 * unit)))
            if alpha == 0.0:
                row += bytes(4)
                continue
            distance = min(segment_distance(px, py, *s) for s in segments) - half_width
            white = max(0.0, min(1.0, 0.5 - distance))
            colour = [round(b + (w - b) * white) for b, w in zip(BLUE, WHITE)]
            row += bytes(colour + [round(alpha * 255)])
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "ListsWeb", "Assets", "Files")
    for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)]:
        with open(os.path.join(folder, name), "wb") as file:
            file.write(draw(size, maskable))


if __name__ == "__main__":
    sys.exit(main())
