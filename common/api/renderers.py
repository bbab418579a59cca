"""The browsable API: DRF's HTML pages for a person trying the API in a browser.

DRF's templates carry inline styles, which the Content-Security-Policy blocks everywhere
else; on these pages alone it allows inline style, never inline script.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from csp.constants import UNSAFE_INLINE
from rest_framework import renderers


class BrowsableAPIRenderer(renderers.BrowsableAPIRenderer):
    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> Any:
        response = (renderer_context or {}).get("response")
        if response is not None:
            response._csp_update = {"style-src": [UNSAFE_INLINE]}
        return super().render(data, accepted_media_type, renderer_context)
