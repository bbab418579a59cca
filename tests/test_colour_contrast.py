"""The site's colours keep text readable (4.5:1) in light and in dark mode."""

import re

from tests.scoring.test_chart import contrast


def _palettes(project_root) -> tuple[dict[str, str], dict[str, str]]:
    css = (project_root / "static" / "css" / "app.css").read_text()
    light_block = css[css.index(":root {") : css.index("}")]
    dark_start = css.index("@media (prefers-color-scheme: dark)")
    dark_block = css[dark_start : css.index("}", dark_start)]

    def colours(block: str) -> dict[str, str]:
        return dict(re.findall(r"--([a-z-]+): (#[0-9a-fA-F]{6});", block))

    light = colours(light_block)
    return light, {**light, **colours(dark_block)}


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
