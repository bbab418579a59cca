"""The home page and the account pages (sign up, sign in, password reset), mounted at the
root by config/urls.py. Our sign-up and password-reset views come before Django's own."""

from django.urls import include, path

from clubs.views.accounts import PasswordResetView, signup
from clubs.views.home import home

urlpatterns = [
    path("", home, name="home"),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/password_reset/", PasswordResetView.as_view(), name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
]
