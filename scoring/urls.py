from django.urls import include, path

from scoring import views

urlpatterns = [
    path("rules/check/", views.check_show, name="rules-check"),
    path("", include("scoring.summary_urls")),
]
