from django.urls import path

from scoring.api.views import EvaluateRulesView

urlpatterns = [
    path("evaluate/", EvaluateRulesView.as_view(), name="rules-evaluate"),
]
