"""Regenerate ``carnegie_lab/views/_shapes.py``: the country outline, the four regions and the Great Lakes
in board coordinates. A developer's tool, not part of the package.

The source below is a rough hand-made outline in longitude/latitude; each point is mapped to the board with an
affine fit of the 32 cities' (lon, lat) -> (x, y), plus an inverse-distance interpolation of the fit's
residuals at the cities, so the warped outline follows the board's stylised city positions (Boston stays on
the coast, Duluth at the tip of Lake Superior). Run:

    python tools/make_shapes.py
"""
from __future__ import annotations

import math
import pprint
from pathlib import Path

from carnegie_lab.core.loader import components

SHAPES = Path(__file__).resolve().parents[1] / "carnegie_lab" / "views" / "_shapes.py"

OUTLINE = [  # clockwise from Cape Flattery
    (-124.7, 48.4), (-123.3, 49.0), (-95.15, 49.0), (-95.15, 49.38), (-94.6, 48.7), (-89.6, 48.0),
    (-84.8, 46.5), (-84.1, 46.0), (-82.4, 45.3), (-82.5, 43.0), (-83.1, 42.3), (-82.7, 41.7),
    (-79.1, 42.9), (-79.0, 43.3), (-76.3, 43.6), (-75.0, 44.8), (-71.5, 45.0), (-70.7, 45.4),
    (-69.2, 47.45), (-67.8, 47.1), (-67.0, 44.9), (-68.8, 44.3), (-70.2, 43.6), (-70.8, 42.9),
    (-70.6, 42.2), (-70.0, 41.7), (-71.4, 41.4), (-72.9, 41.2), (-73.9, 40.6), (-74.0, 40.0),
    (-74.9, 38.9), (-75.2, 38.0), (-76.0, 37.0), (-75.9, 36.6), (-75.5, 35.2), (-76.5, 34.7),
    (-77.9, 33.9), (-78.6, 33.5), (-79.0, 32.4), (-80.4, 31.6), (-81.4, 30.7), (-80.6, 28.5), (-80.0, 26.7),
    (-80.4, 25.2), (-81.1, 25.1), (-81.8, 26.4), (-82.7, 28.0), (-82.8, 29.2), (-84.0, 30.0),
    (-85.4, 29.7), (-86.5, 30.4), (-88.0, 30.4), (-89.4, 30.2), (-89.2, 29.2), (-90.2, 29.1),
    (-91.8, 29.5), (-93.8, 29.7), (-94.8, 29.3), (-96.4, 28.4), (-97.4, 27.4), (-97.2, 25.95),
    (-99.1, 26.4), (-100.0, 27.8), (-101.4, 29.8), (-102.4, 29.8), (-103.2, 29.0), (-104.5, 29.7),
    (-106.3, 31.45), (-108.2, 31.6), (-108.2, 31.33), (-111.1, 31.33), (-114.8, 32.5), (-117.1, 32.5),
    (-118.5, 34.0), (-120.6, 34.6), (-121.9, 36.6), (-122.5, 37.8), (-123.7, 39.0), (-124.2, 40.4),
    (-124.1, 42.0), (-124.5, 43.0), (-124.0, 46.2),
]

# Coarse region polygons; they may spill into the sea or Canada (the outline masks them).
REGIONS = {
    "west": [(-135, 52), (-104.05, 52), (-104.05, 37), (-103, 37), (-103, 32.3), (-108.2, 32.3),
             (-108.2, 24), (-135, 24)],
    "midwest": [(-104.05, 52), (-80.52, 52), (-80.52, 39.7), (-82.6, 38.4), (-83.7, 36.55), (-94.6, 36.55),
                (-94.6, 37), (-103, 37), (-104.05, 37)],
    "south": [(-103, 37), (-94.6, 37), (-94.6, 36.55), (-83.7, 36.55), (-60, 36.55), (-60, 20), (-108.2, 20),
              (-108.2, 32.3), (-103, 32.3)],
    "east": [(-80.52, 52), (-60, 52), (-60, 36.55), (-83.7, 36.55), (-82.6, 38.4), (-80.52, 39.7)],
}

LAKES = {
    "superior": [(-92.1, 46.7), (-90.4, 46.6), (-87.6, 46.4), (-85.0, 46.75), (-84.6, 46.5), (-84.9, 47.6),
                 (-86.3, 48.7), (-88.3, 48.7), (-89.6, 48.0), (-91.2, 47.3)],
    "michigan": [(-87.5, 41.65), (-87.8, 42.5), (-87.9, 43.5), (-87.6, 44.5), (-87.0, 45.3), (-85.6, 45.85),
                 (-85.0, 45.75), (-85.5, 44.9), (-86.3, 44.0), (-86.5, 43.0), (-86.3, 42.2), (-86.9, 41.7)],
    "huron": [(-84.7, 45.8), (-83.4, 45.0), (-83.4, 44.0), (-82.5, 43.05), (-81.7, 43.6), (-81.3, 44.9),
              (-80.4, 45.2), (-81.5, 45.95), (-83.6, 46.1)],
    "erie": [(-83.4, 41.7), (-82.0, 41.45), (-81.0, 41.85), (-79.1, 42.85), (-80.5, 42.6), (-81.8, 42.25),
             (-83.1, 42.05)],
    "ontario": [(-79.8, 43.3), (-78.0, 43.35), (-76.2, 43.5), (-76.4, 44.2), (-77.5, 44.0), (-79.4, 43.7)],
}


def _solve3(rows, values):
    """Least squares for v = a*lon + b*lat + c (normal equations, Gauss elimination)."""
    m = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    v = [sum(r[i] * b for r, b in zip(rows, values)) for i in range(3)]
    for i in range(3):
        for j in range(i + 1, 3):
            f = m[j][i] / m[i][i]
            m[j] = [a - f * b for a, b in zip(m[j], m[i])]
            v[j] -= f * v[i]
    out = [0.0] * 3
    for i in reversed(range(3)):
        out[i] = (v[i] - sum(m[i][k] * out[k] for k in range(i + 1, 3))) / m[i][i]
    return out


def make_warp():
    cities = list(components().cities.values())
    rows = [(c.lon, c.lat, 1.0) for c in cities]
    fx, fy = _solve3(rows, [c.x for c in cities]), _solve3(rows, [c.y for c in cities])

    def affine(lon, lat):
        return fx[0] * lon + fx[1] * lat + fx[2], fy[0] * lon + fy[1] * lat + fy[2]

    residuals = []
    for c in cities:
        ax, ay = affine(c.lon, c.lat)
        residuals.append((c.lon, c.lat, c.x - ax, c.y - ay))

    def warp(lon, lat):
        ax, ay = affine(lon, lat)
        num_x = num_y = 0.0
        den = 1.0 / 36.0                              # a zero residual far away (6 degrees) damps extrapolation
        for clon, clat, rx, ry in residuals:
            d2 = (lon - clon) ** 2 + (lat - clat) ** 2
            if d2 < 1e-9:
                return ax + rx, ay + ry
            w = 1.0 / d2
            num_x += w * rx
            num_y += w * ry
            den += w
        return ax + num_x / den, ay + num_y / den

    return warp


def densify(points, step=0.4, closed=True):
    out: list[tuple[float, float]] = []
    pts = list(points) + ([points[0]] if closed else [])
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        out.extend((x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(n))
    return out


def board(points, warp):
    return tuple((round(x), round(y)) for x, y in (warp(lon, lat) for lon, lat in densify(points)))


def simplify(points, tolerance=4.0):
    """Drop points closer than `tolerance` board pixels to the line through their neighbours."""
    out = [points[0]]
    for i in range(1, len(points) - 1):
        (x0, y0), (x1, y1), (x2, y2) = out[-1], points[i], points[i + 1]
        dx, dy = x2 - x0, y2 - y0
        dist = abs(dy * x1 - dx * y1 + x2 * y0 - y2 * x0) / (math.hypot(dx, dy) or 1.0)
        if dist > tolerance:
            out.append(points[i])
    out.append(points[-1])
    return tuple(out)


def main() -> None:
    warp = make_warp()
    shapes = {
        "outline": simplify(board(OUTLINE, warp)),
        "regions": {r: simplify(board(p, warp)) for r, p in REGIONS.items()},
        "lakes": {k: simplify(board(p, warp)) for k, p in LAKES.items()},
    }
    text = ['"""Generated by tools/make_shapes.py: polygons in board coordinates (x right, y down). Do not edit."""']
    for name in ("OUTLINE", "REGIONS", "LAKES"):
        text.append(f"{name} = {pprint.pformat(shapes[name.lower()], width=108, compact=True, sort_dicts=False)}")
    SHAPES.write_text("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
