"""/api/v1/clubs/<slug>/tab/...: included from config/urls.py's api_v1 list."""

from django.urls import path

from tab.api import views

tab = "clubs/<slug:slug>/tab/"

urlpatterns = [
    path(tab, views.TabDetail.as_view(), name="api-tab"),
    path(tab + "payments/", views.PaymentList.as_view(), name="api-tab-payments"),
    path(tab + "payments/<int:payment_id>/", views.PaymentDetail.as_view(), name="api-tab-payment"),
]
