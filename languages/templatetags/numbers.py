from django import template

from common.numbers import grouped as group_digits

register = template.Library()


@register.filter
def grouped(value: object) -> object:
    """`{{ amount|grouped }}`: an amount shown to a person, grouped for their language.
    Anything that is not a whole number is shown as it is."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return group_digits(value)
