"""The tab's pages under clubs/<slug>/: included from config/urls.py."""

from django.urls import path

from tab import views

urlpatterns = [
    path("clubs/<slug:slug>/tab/", views.tab_page, name="club-tab"),
    path("clubs/<slug:slug>/tab.csv", views.tab_csv, name="club-tab-csv"),
    path("clubs/<slug:slug>/tab/payments/", views.payment_record, name="tab-payment-record"),
    path(
        "clubs/<slug:slug>/tab/payments/<int:payment_id>/remove/",
        views.payment_remove,
        name="tab-payment-remove",
    ),
]
