from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path, re_path
from django.views.decorators.http import require_GET
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from common.api.errors import api_not_found
from config.health import readyz
from config.offline import offline_page, service_worker


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers and process managers: answers without the database."""
    return HttpResponse("ok", content_type="text/plain")


# docs/api.md describes every endpoint. Each app adds its own list under the one prefix.
api_v1 = [
    path("", include("clubs.api.urls")),
    path("", include("scoring.api.urls")),
    path("", include("leagues.api.urls")),
    path("", include("tournaments.api.urls")),
    path("", include("tab.api.urls")),
]

urlpatterns = [
    path("", include("clubs.account_urls")),
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("sw.js", service_worker, name="service-worker"),
    path("offline/", offline_page, name="offline"),
    # The words the app's scripts show, in the request's language (a script, loaded by every
    # page before the app's own: templates/partials/htmx_script.html).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    # Any other /api/ address answers the API's JSON error, not the site's HTML 404 page.
    re_path(r"^api(?:/|$)", api_not_found),
    path("admin/", admin.site.urls),
    path("", include("clubs.urls")),
    path("", include("scoring.urls")),
    path("", include("leagues.urls")),
    path("", include("tournaments.urls")),
    path("", include("tab.urls")),
    path("", include("languages.urls")),
    path("", include("appearance.urls")),
]
