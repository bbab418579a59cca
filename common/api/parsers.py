"""How the REST API reads a JSON body: UTF-8 only, whole characters only.

DRF's own parser decodes with whatever charset the Content-Type names (Latin-1 turns an
accented name into another name, stored without a word) and lets a `\\ud800` escape through
as half a character, which neither the database nor the JSON renderer can write: a 500
later, far from the cause. Here every such body is refused as it is read, with a 400 in
the API's error shape (common/api/errors.py), so no view ever sees one.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Mapping
from typing import IO, Any

from django.utils.http import parse_header_parameters
from rest_framework import exceptions, parsers
from rest_framework.utils.json import strict_constant

# A \uD800-\uDFFF escape: JSON allows one alone, but such text cannot be written out.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class BadBody(exceptions.ParseError):
    """A body the API cannot read; api_errors gives each kind its own sentence."""


class NotUtf8(BadBody):
    """A charset other than UTF-8 was declared for the body."""


class HalfACharacter(BadBody):
    """A string of the body holds a lone surrogate escape."""


def refuse_declared_charset(content_type: str | None) -> None:
    """Raise NotUtf8 unless the Content-Type declares UTF-8 or no charset at all.

    JSON is UTF-8 (RFC 8259); a client that declares another charset has sent bytes in it,
    and reading them as UTF-8 anyway could store a different name than the one typed.
    """
    _, params = parse_header_parameters(content_type or "")
    charset = params.get("charset")
    if charset is None:
        return
    try:
        name = codecs.lookup(charset).name
    except LookupError:
        raise NotUtf8() from None
    if name != "utf-8":
        raise NotUtf8()


def whole_characters(text: str, data: object) -> None:
    """Raise HalfACharacter if a string of `data` (parsed from `text`) is a lone surrogate."""
    # Strictly decoded text holds a surrogate only through a \u escape: the cheap test first.
    if not _SURROGATE_ESCAPE.search(text):
        return
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise HalfACharacter() from None


class JSONParser(parsers.JSONParser):
    def parse(
        self,
        stream: IO[Any] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        refuse_declared_charset(media_type)
        raw = stream.read() if stream is not None else b""
        try:
            # Strict: bytes that are not UTF-8, raw surrogates (ED A0 80) among them, fail here.
            text = raw.decode("utf-8")
            parse_constant = strict_constant if self.strict else None
            data = json.loads(text, parse_constant=parse_constant)
        except (ValueError, RecursionError):
            raise BadBody() from None
        whole_characters(text, data)
        return data
