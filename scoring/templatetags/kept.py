"""`{% kept "name" key %}...{% endkept %}`: a piece of a page drawn once by each process for
each key in each language, then served from the "fragments" cache (config/settings.py); drawn
every time when the key is empty.

Django's `{% cache %}` draws a piece once too, but cannot be told to draw it afresh (a panel
already typed in, a board read in the middle of a change) without the piece written twice in
the template, and a page in four languages must remember to vary it by language.
"""

from __future__ import annotations

import hashlib

from django import template
from django.core.cache import caches
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()


class KeptNode(template.Node):
    def __init__(self, nodelist: NodeList, name: FilterExpression, key: FilterExpression):
        self.nodelist = nodelist
        self.name = name
        self.key = key

    def render(self, context: Context) -> SafeString:
        key = self.key.resolve(context)
        if not key:
            return mark_safe(self.nodelist.render(context))
        said = f"{get_language()}\n{key}".encode()
        name = f"kept:{self.name.resolve(context)}:{hashlib.sha256(said).hexdigest()}"
        fragments = caches["fragments"]
        drawn = fragments.get(name)
        if drawn is None:
            drawn = self.nodelist.render(context)
            fragments.set(name, drawn)
        return mark_safe(drawn)


@register.tag("kept")
def kept(parser: Parser, token: Token) -> KeptNode:
    bits = token.split_contents()
    if len(bits) != 3:
        raise template.TemplateSyntaxError('Use {% kept "name" key %} ... {% endkept %}.')
    nodelist = parser.parse(("endkept",))
    parser.delete_first_token()
    return KeptNode(nodelist, parser.compile_filter(bits[1]), parser.compile_filter(bits[2]))
