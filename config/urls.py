from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_GET
from django.views.generic import RedirectView


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers and process managers: answers without the database."""
    return HttpResponse("ok", content_type="text/plain")


api_v1 = [
    path("rules/", include("scoring.api.urls")),
]

urlpatterns = [
    # The home page is the show checker until the club pages exist.
    path("", RedirectView.as_view(pattern_name="rules-check"), name="home"),
    path("healthz", healthz, name="healthz"),
    path("api/v1/", include(api_v1)),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("scoring.urls")),
]
