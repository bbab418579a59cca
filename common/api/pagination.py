"""One way to page every list of the REST API: ?page=N&page_size=M.

Every list answers {"count", "next", "previous", "results"}; `next` and `previous` are full
links, so a client follows them rather than building page numbers itself.
"""

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, pagination, status


class PageNotFound(exceptions.APIException):
    # Not a NotFound: common/api/errors.py words every NotFound the same way ("nothing
    # here"), while a page past the end deserves a sentence that says what to do.
    status_code = status.HTTP_404_NOT_FOUND
    default_code = "page_not_found"
    default_detail = _("That page is past the end of the list; start again from page 1.")


class PageNumberPagination(pagination.PageNumberPagination):
    page_size = 25
    page_size_query_param = "page_size"
    # A page costs a constant number of queries, but its rows still cost time to build.
    max_page_size = 100

    def paginate_queryset(self, queryset, request, view=None):
        try:
            return super().paginate_queryset(queryset, request, view)
        except exceptions.NotFound:
            raise PageNotFound() from None
