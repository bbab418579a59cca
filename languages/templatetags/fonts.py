from django import template
from django.templatetags.static import static

from languages.fonts import page_fonts as fonts_of

register = template.Library()


@register.simple_tag
def page_fonts(language: str, switcher: bool = True) -> list[str]:
    """`{% page_fonts LANGUAGE_CODE as fonts %}`: the addresses of the fonts a page in that
    language uses (languages/fonts.py); `switcher=False` for a page without the switcher."""
    return [static(path) for path in fonts_of(language, switcher=switcher)]
