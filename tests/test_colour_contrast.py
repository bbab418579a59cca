"""The site's colours keep text readable (4.5:1) in light and in dark mode."""

import re
from pathlib import Path

import pytest

from tests.scoring.test_chart import contrast

CSS = Path(__file__).resolve().parent.parent / "static" / "css"
# Files whose `:root` colours every page or the session screen reads, in cascade order.
PALETTE_FILES = ("app.css", "session.css")


def _palettes(project_root) -> tuple[dict[str, str], dict[str, str]]:
    """The light and the dark colours of `app.css` and `session.css`, by variable name."""
    light: dict[str, str] = {}
    dark: dict[str, str] = {}
    for name in PALETTE_FILES:
        css = (project_root / "static" / "css" / name).read_text()
        root = css.index(":root {")
        light_block = css[root : css.index("}", root)]
        dark_start = css.index("@media (prefers-color-scheme: dark)")
        dark_block = css[dark_start : css.index("}", dark_start)]
        light.update(_colours(light_block))
        dark.update(_colours(dark_block))
    return light, {**light, **dark}


def _colours(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([a-z-]+): (#[0-9a-fA-F]{6});", block))


def _declarations(file: str, selector: str) -> dict[str, str]:
    """What the rules for exactly `selector` in `file` declare (later rules win)."""
    css = re.sub(r"/\*.*?\*/", "", (CSS / file).read_text(), flags=re.S)
    found: dict[str, str] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        if selector in (s.strip() for s in selectors.split(",")):
            for name, value in re.findall(r"([a-z-]+)\s*:\s*([^;]+);", body):
                found[name] = value.strip()
    assert found, f"{file} has no rule for {selector}"
    return found


def _colour(value: str, palette: dict[str, str]) -> str:
    variable = re.fullmatch(r"var\(--([a-z-]+)\)", value)
    if variable:
        return palette[variable.group(1)]
    if re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        return "#" + "".join(c * 2 for c in value[1:])
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", value), f"not a plain colour: {value}"
    return value


def _blend(top: str, bottom: str, opacity: float) -> str:
    """What text drawn at `opacity` over `bottom` looks like."""
    channels = [
        round(opacity * int(top[i : i + 2], 16) + (1 - opacity) * int(bottom[i : i + 2], 16))
        for i in (1, 3, 5)
    ]
    return "#" + "".join(f"{c:02x}" for c in channels)


# (file, text rule, file, the rule that paints what is behind it): text without a colour of
# its own takes the background rule's colour, as it inherits it on the page.
HEADER = [
    ("app.css", ".site-header a", "app.css", ".site-header"),  # the name and the links
    ("app.css", ".link-button", "app.css", ".site-header"),  # "Log out"
]
DEALER_BANNER = [  # the `.turn` section of the session screen
    ("session.css", ".turn", "session.css", ".turn"),
    ("session.css", ".turn-hand", "session.css", ".turn"),  # drawn at 90% opacity
    ("session.css", ".turn a", "session.css", ".turn"),
    ("session.css", ".turn--done .button", "session.css", ".turn--done .button"),
]
ON_COLOURED_CHIPS = [
    (
        "session.css",
        ".chip-input:checked + .chip--won",
        "session.css",
        ".chip-input:checked + .chip--won",
    ),
    (
        "clubs.css",
        '.variant-tabs a[aria-current="page"] .tag',
        "clubs.css",
        '.variant-tabs a[aria-current="page"]',
    ),
]


@pytest.mark.parametrize(
    ("text_file", "text_rule", "back_file", "back_rule"),
    HEADER + DEALER_BANNER + ON_COLOURED_CHIPS,
    ids=lambda part: part if part.startswith(".") else None,
)
def test_the_header_the_dealer_banner_and_chips_are_readable_in_both_modes(
    project_root, text_file, text_rule, back_file, back_rule
) -> None:
    text = _declarations(text_file, text_rule)
    back = _declarations(back_file, back_rule)
    for mode, palette in zip(("light", "dark"), _palettes(project_root), strict=True):
        own = text.get("background", "none")
        behind = _colour(back["background"] if own in ("none", "transparent") else own, palette)
        ink = _colour(text.get("color") or back["color"], palette)
        if "opacity" in text:
            ink = _blend(ink, behind, float(text["opacity"]))
        ratio = contrast(ink, behind)
        assert ratio >= 4.5, f"{text_rule} in {mode} mode: {ink} on {behind} is {ratio:.1f}:1"


def test_text_on_the_felt_green_and_on_danger_red_is_readable_in_both_modes(project_root):
    for palette in _palettes(project_root):
        assert contrast(palette["on-felt"], palette["felt"]) >= 4.5, palette
        assert contrast(palette["on-danger"], palette["danger"]) >= 4.5, palette


def test_text_and_links_on_the_page_are_readable_in_both_modes(project_root) -> None:
    for palette in _palettes(project_root):
        for colour in ("ink", "felt", "muted", "danger"):
            assert contrast(palette[colour], palette["paper"]) >= 4.5, (colour, palette)


def test_no_white_text_is_left_on_the_felt_green(project_root) -> None:
    for path in (project_root / "static" / "css").glob("*.css"):
        for rule in path.read_text().split("}"):
            if "background: var(--felt)" in rule:
                assert "color: #fff" not in rule, (path.name, rule.strip()[:80])


def _check_show_palettes(project_root) -> tuple[dict[str, str], dict[str, str]]:
    """The card faces' colours (check_show.css) over the page's, light and dark."""
    light, dark = _palettes(project_root)
    css = (project_root / "static" / "css" / "check_show.css").read_text()
    root = css.index(":root {")
    dark_start = css.index("@media (prefers-color-scheme: dark)")
    cards_light = _colours(css[root : css.index("}", root)])
    cards_dark = _colours(css[dark_start : css.index("}", dark_start)])
    return {**light, **cards_light}, {**dark, **cards_light, **cards_dark}


def test_every_suits_ink_reads_on_a_card_a_picked_card_and_the_page_in_both_modes(
    project_root,
) -> None:
    # The four-colour deck's blue diamonds and green clubs, and the red of hearts (and of
    # diamonds in the two-colour deck): on the check-a-show card face and its picked card,
    # and on the session screen's picker cards (the page's paper, the same picked yellow).
    inks = [
        _declarations("app.css", rule)["color"]
        for rule in ("html .suit-H", "html.four-colour .suit-D", "html.four-colour .suit-C")
    ]
    # The picker's picked card (session.css) is painted the same yellow as --picked.
    picked_grid = _declarations("session.css", ".grid-card:has(.badge:not(:empty))")
    assert picked_grid["background"] in ("#fff3b0", "#4a3f00")
    for mode, palette in zip(("light", "dark"), _check_show_palettes(project_root), strict=True):
        for ink in inks:
            for behind in ("card-face", "picked", "paper"):
                ratio = contrast(_colour(ink, palette), palette[behind])
                assert ratio >= 4.5, f"{ink} on {behind} in {mode} mode is {ratio:.1f}:1"
