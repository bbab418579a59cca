from django.urls import path

from appearance.views import choose_card_colours

urlpatterns = [
    path("cards/", choose_card_colours, name="choose-card-colours"),
]
