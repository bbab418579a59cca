from django.urls import path

from languages.views import choose_language

urlpatterns = [
    path("language/", choose_language, name="choose-language"),
]
