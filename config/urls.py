from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_GET

from clubs.views.accounts import signup
from clubs.views.home import home


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers and process managers: answers without the database."""
    return HttpResponse("ok", content_type="text/plain")


api_v1 = [
    path("rules/", include("scoring.api.urls")),
]

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("api/v1/", include(api_v1)),
    path("admin/", admin.site.urls),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("clubs.urls")),
    path("", include("scoring.urls")),
]
