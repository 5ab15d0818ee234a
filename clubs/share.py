"""The settle-up as a PNG a phone can send to the group chat, drawn with Pillow.

Names are often Chinese or Japanese, so the text is set in Noto Sans CJK (Debian's
``fonts-noto-cjk``, which ``.ci/run`` installs), in the face of the reader's language
(SC, TC or JP: the same character is drawn differently in each). Without it the image is
still made, with Pillow's own font, and the log says which package is missing.
"""

from __future__ import annotations

import io
import logging
from functools import cache
from pathlib import Path

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw, ImageFont

from .money import money
from .results import SettleUp

log = logging.getLogger(__name__)

# Where distributions put Noto Sans CJK (Debian/Ubuntu, Fedora, Arch).
FONT_DIRS = ("/usr/share/fonts/opentype/noto", "/usr/share/fonts/google-noto-cjk",
             "/usr/share/fonts/noto-cjk", "/usr/share/fonts/opentype/noto-cjk")
FACE = {"ja": "JP", "zh-hant": "TC", "zh-hans": "SC"}

WIDTH = 750  # a 375 px phone screen at 2x
PAD = 40
INK, MUTED, UP, DOWN, LINE, PAPER = "#1d1d1b", "#5f6368", "#0f6b4f", "#b3261e", "#dadce0", \
    "#ffffff"

FontType = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font_file(weight: str = "Regular") -> Path | None:
    for folder in FONT_DIRS:
        path = Path(folder) / f"NotoSansCJK-{weight}.ttc"
        if path.exists():
            return path
    log.warning("fonts-noto-cjk is not installed: share images fall back to a font "
                "without Chinese or Japanese characters")
    return None


@cache
def font(size: int, bold: bool = False, face: str = "SC") -> FontType:
    path = font_file("Bold" if bold else "Regular") or font_file("Regular")
    if path is None:
        return ImageFont.load_default(size)
    # A .ttc holds one font per region; pick the one named for the reader's language.
    for index in range(10):
        try:
            candidate = ImageFont.truetype(str(path), size, index=index)
        except OSError:
            break
        if (candidate.getname()[0] or "").endswith(f"CJK {face}"):
            return candidate
    return ImageFont.truetype(str(path), size)


def _fit(draw: ImageDraw.ImageDraw, text: str, face: FontType, width: int) -> str:
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def render_png(title: str, subtitle: str, settle: SettleUp) -> bytes:
    """Title, each player's net (winners first) and who pays whom, as PNG bytes."""
    face = FACE.get(get_language() or "", "SC")
    big, bold, body, small = (font(40, True, face), font(30, True, face), font(30, False, face),
                              font(24, False, face))
    rows: list[tuple[str, str, str, FontType]] = []  # (left, right, colour, font)
    rows.append((_("Net"), "", INK, bold))
    for net in settle.nets:
        colour = UP if net.net > 0 else DOWN if net.net < 0 else INK
        rows.append((net.player.display_name, money(net.net, settle.currency, True), colour,
                     body))
    rows.append(("", "", INK, small))
    rows.append((_("Who pays whom"), "", INK, bold))
    if not settle.transfers:
        rows.append((_("Nobody owes anything."), "", MUTED, body))
    for t in settle.transfers:
        rows.append((f"{t.payer.display_name} → {t.payee.display_name}",
                     money(t.amount, settle.currency), INK, body))
    left_out = sum(1 for t in settle.tables if t.left_out) + settle.hidden
    height = PAD * 2 + 60 + 44 + 24 + len(rows) * 48 + (40 if left_out else 0) + 40
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    y = PAD
    draw.text((PAD, y), _fit(draw, title, big, WIDTH - 2 * PAD), fill=INK, font=big)
    y += 60
    draw.text((PAD, y), _fit(draw, subtitle, small, WIDTH - 2 * PAD), fill=MUTED, font=small)
    y += 44
    draw.line((PAD, y, WIDTH - PAD, y), fill=LINE, width=2)
    y += 24
    for left, right, colour, face_ in rows:
        right_width = draw.textlength(right, font=face_) if right else 0
        draw.text((PAD, y), _fit(draw, left, face_, int(WIDTH - 2 * PAD - right_width - 20)),
                  fill=colour if not right else INK, font=face_)
        if right:
            draw.text((WIDTH - PAD - right_width, y), right, fill=colour, font=face_)
        y += 48
    if left_out:
        draw.text((PAD, y), _("Tables not counted: %(count)s") % {"count": left_out},
                  fill=MUTED, font=small)
        y += 40
    draw.text((PAD, height - PAD - 24), "mjsite", fill=MUTED, font=small)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
