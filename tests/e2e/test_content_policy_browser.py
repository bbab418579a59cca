"""Every page works under the Content-Security-Policy: a real browser walks the demo club's
pages, as its owner and as the admin, and the browser reports no blocked script, style or
request. Pages with inline code would still look fine in a test client; only a browser
enforcing the policy shows what it blocks."""

from collections import deque
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page

from demo.club import load_demo

pytestmark = pytest.mark.e2e

PASSWORD = "a-long-demo-password-for-tests"
# Links that change something, or are not pages.
SKIP = ("logout", ".csv", "/static/", "/media/", "mailto:", "/api/schema/")
MOST_PAGES = 45

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile || location.pathname}:${event.lineNumber}`);
});
"""


@pytest.fixture(autouse=True)
def fast_passwords(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form [type=submit]").last.click()
    page.wait_for_load_state()


def walk(page: Page, base: str, start: list[str]) -> dict[str, list[str]]:
    """Visit pages breadth first from `start`, following same-site links; the violations
    each page reported, by path."""
    found: dict[str, list[str]] = {}
    queue = deque(start)
    seen = set(start)
    while queue and len(found) < MOST_PAGES:
        path = queue.popleft()
        response = page.goto(base + path)
        page.wait_for_load_state("networkidle")
        assert response is not None and response.status < 500, path
        found[path] = page.evaluate("window.__violations")
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            parts = urlsplit(urljoin(base + path, href))
            link = parts.path + (f"?{parts.query}" if parts.query else "")
            if parts.netloc != urlsplit(base).netloc or any(s in link for s in SKIP):
                continue
            if link not in seen:
                seen.add(link)
                queue.append(link)
    return found


def test_the_demo_clubs_pages_run_with_nothing_blocked(live_server, browser) -> None:
    club = load_demo(password=PASSWORD)
    User.objects.create_superuser("root", password=PASSWORD)
    base = live_server.url
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)

    # Anonymous: the public pages, the check page with a hand judged through htmx.
    pages = walk(page, base, ["/", "/rules/check/", "/accounts/login/", "/api/docs/"])
    page.goto(base + "/rules/check/?variant=indian13&wild=9D")
    page.locator('.card-btn[data-card="AH"]').click()
    page.wait_for_load_state("networkidle")
    pages["/rules/check/ (a tap)"] = page.evaluate("window.__violations")

    log_in(page, base, "asha")  # the demo club's owner
    pages |= walk(page, base, [f"/clubs/{club.slug}/", "/api/v1/clubs/"])
    log_in(page, base, "root")
    pages |= walk(page, base, ["/admin/", "/admin/auth/user/"])
    context.close()

    assert len(pages) > 30
    blocked = {path: found for path, found in pages.items() if found}
    assert blocked == {}, "\n".join(f"{path}: {found}" for path, found in blocked.items())
    assert [text for text in console if "Content Security Policy" in text] == []
