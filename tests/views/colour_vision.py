"""How colours look to people with each of the three kinds of dichromacy (a cone type missing: protanopia, the
long-wavelength 'red' cones; deuteranopia, the medium 'green' ones; tritanopia, the short 'blue' ones), and how
far apart two colours look (CIEDE2000). For the palette's tests: no package of the project needs it.

The simulation is Machado, Oliveira and Fernandes's model (IEEE TVCG 15(6), 2009) at full severity: one 3 x 3
matrix per dichromacy, applied to linear-light sRGB. The colour difference is the CIEDE2000 formula (Sharma, Wu
and Dalal's implementation notes, 2005) on CIELAB under the D65 white point.
"""
from __future__ import annotations

import math

#: Machado et al. (2009), severity 1.0: linear sRGB in, linear sRGB as the dichromat sees it out (rows: R, G, B).
DICHROMACIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: float) -> float:
    """An sRGB channel (0-1) as linear light."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encoded(light: float) -> float:
    """Linear light (clipped to 0-1) as an sRGB channel."""
    light = min(1.0, max(0.0, light))
    return 12.92 * light if light <= 0.0031308 else 1.055 * light ** (1 / 2.4) - 0.055


def rgb(colour: str) -> tuple[float, float, float]:
    """'#2166c4' as sRGB channels 0-1."""
    c = colour.lstrip("#")
    r, g, b = (int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def simulate(colour: str, dichromacy: str) -> tuple[float, float, float]:
    """The sRGB channels (0-1) a person with ``dichromacy`` sees for ``colour``."""
    light = [_linear(c) for c in rgb(colour)]
    return tuple(_encoded(sum(m * v for m, v in zip(row, light))) for row in DICHROMACIES[dichromacy])  # type: ignore[return-value]


def lab(channels: tuple[float, float, float]) -> tuple[float, float, float]:
    """sRGB channels (0-1) as CIELAB (D65)."""
    r, g, b = (_linear(c) for c in channels)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(one: tuple[float, float, float], other: tuple[float, float, float]) -> float:
    """CIEDE2000 between two CIELAB colours (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = one, other
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    h_mean = h1p + h2p
    if c1p * c2p:
        h_mean = (h1p + h2p) / 2 if abs(h1p - h2p) <= 180 else \
            (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = (-2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))
