from django.urls import path

from scoring import views

urlpatterns = [
    path("rules/check/", views.check_show, name="rules-check"),
]
