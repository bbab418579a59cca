"""The client's address comes from the proxies we trust, never from a header anyone sets."""

from django.test import RequestFactory

from common.client_ip import client_ip


def _request(peer: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_without_trusted_proxies_the_header_is_ignored(settings):
    settings.NUM_PROXIES, settings.TRUSTED_PROXIES = 0, []
    assert client_ip(_request("203.0.113.9", "198.51.100.1")) == "203.0.113.9"


def test_behind_one_proxy_the_address_it_appended_is_the_client(settings):
    settings.NUM_PROXIES, settings.TRUSTED_PROXIES = 1, []
    # The client claimed to be 198.51.100.1; our proxy appended what it really saw.
    request = _request("10.0.0.2", "198.51.100.1, 203.0.113.9")
    assert client_ip(request) == "203.0.113.9"


def test_a_request_that_bypassed_the_proxies_is_its_peer(settings):
    settings.NUM_PROXIES, settings.TRUSTED_PROXIES = 2, []
    assert client_ip(_request("203.0.113.9", "198.51.100.1")) == "203.0.113.9"


def test_trusted_networks_are_walked_from_the_nearest_hop(settings):
    settings.NUM_PROXIES, settings.TRUSTED_PROXIES = 0, ["10.0.0.0/8", "192.0.2.7"]
    request = _request("10.0.0.2", "198.51.100.1, 203.0.113.9, 192.0.2.7")
    assert client_ip(request) == "203.0.113.9"


def test_a_peer_that_is_not_a_trusted_proxy_is_the_client_whatever_it_claims(settings):
    settings.NUM_PROXIES, settings.TRUSTED_PROXIES = 0, ["10.0.0.0/8"]
    assert client_ip(_request("203.0.113.9", "10.0.0.5")) == "203.0.113.9"


def test_garbage_in_the_header_does_not_become_an_address(settings):
    settings.NUM_PROXIES, settings.TRUSTED_PROXIES = 1, []
    request = _request("10.0.0.2", "not-an-address, 203.0.113.9")
    assert client_ip(request) == "203.0.113.9"
    assert client_ip(_request("10.0.0.2", "<script>")) == "10.0.0.2"
