"""Django's own sentences that reach Rummy Club's pages (form errors, the password rules,
month and day names, the CSRF page), listed so that `make i18n` puts them in our catalogues.

Django ships catalogues for Hindi, Nepali and Tamil, but they are far from complete (about
a third of Tamil, three quarters of Hindi): a sign-up page would mix English into the
password rules. The catalogues in LOCALE_PATHS are read before Django's own, so the
translations of these messages in locale/ win. The list was taken from Django 5.2's English
catalogue, by the source files whose messages a person can meet here; it is read by
gettext's extraction only, never run for its values.
"""

# ruff: noqa: E501, RUF001
from django.utils.translation import gettext_noop, ngettext_lazy, pgettext_lazy

DJANGO_STRINGS = (
    gettext_noop("Enter a valid value."),
    gettext_noop("Enter a valid domain name."),
    gettext_noop("Enter a valid URL."),
    gettext_noop("Enter a valid integer."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Enter a valid “slug” consisting of letters, numbers, underscores or hyphens."),
    gettext_noop(
        "Enter a valid “slug” consisting of Unicode letters, numbers, underscores, or hyphens."
    ),
    gettext_noop("Enter a valid %(protocol)s address."),
    gettext_noop("IPv4"),
    gettext_noop("IPv6"),
    gettext_noop("IPv4 or IPv6"),
    gettext_noop("Enter only digits separated by commas."),
    gettext_noop("Ensure this value is %(limit_value)s (it is %(show_value)s)."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is a multiple of step size %(limit_value)s."),
    gettext_noop(
        "Ensure this value is a multiple of step size %(limit_value)s, starting from %(offset)s, e.g. %(offset)s, %(valid_value1)s, %(valid_value2)s, and so on."
    ),
    ngettext_lazy(
        "Ensure this value has at least %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at least %(limit_value)d characters (it has %(show_value)d).",
        1,
    ),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        1,
    ),
    gettext_noop("Enter a number."),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s digit in total.",
        "Ensure that there are no more than %(max)s digits in total.",
        1,
    ),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s decimal place.",
        "Ensure that there are no more than %(max)s decimal places.",
        1,
    ),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s digit before the decimal point.",
        "Ensure that there are no more than %(max)s digits before the decimal point.",
        1,
    ),
    gettext_noop(
        "File extension “%(extension)s” is not allowed. Allowed extensions are: %(allowed_extensions)s."
    ),
    gettext_noop("Null characters are not allowed."),
    gettext_noop(":?.!"),
    gettext_noop("This field is required."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a valid date."),
    gettext_noop("Enter a valid time."),
    gettext_noop("Enter a valid date/time."),
    gettext_noop("Enter a valid duration."),
    gettext_noop("The number of days must be between {min_days} and {max_days}."),
    gettext_noop("No file was submitted. Check the encoding type on the form."),
    gettext_noop("No file was submitted."),
    gettext_noop("The submitted file is empty."),
    ngettext_lazy(
        "Ensure this filename has at most %(max)d character (it has %(length)d).",
        "Ensure this filename has at most %(max)d characters (it has %(length)d).",
        1,
    ),
    gettext_noop("Please either submit a file or check the clear checkbox, not both."),
    gettext_noop(
        "Upload a valid image. The file you uploaded was either not an image or a corrupted image."
    ),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Enter a list of values."),
    gettext_noop("Enter a complete value."),
    gettext_noop("Enter a valid UUID."),
    gettext_noop("Enter a valid JSON."),
    gettext_noop(":"),
    gettext_noop("(Hidden field %(name)s) %(error)s"),
    gettext_noop(
        "%(datetime)s couldn’t be interpreted in time zone %(current_timezone)s; it may be ambiguous or it may not exist."
    ),
    gettext_noop("p.m."),
    gettext_noop("a.m."),
    gettext_noop("PM"),
    gettext_noop("AM"),
    gettext_noop("midnight"),
    gettext_noop("noon"),
    gettext_noop("Monday"),
    gettext_noop("Tuesday"),
    gettext_noop("Wednesday"),
    gettext_noop("Thursday"),
    gettext_noop("Friday"),
    gettext_noop("Saturday"),
    gettext_noop("Sunday"),
    gettext_noop("Mon"),
    gettext_noop("Tue"),
    gettext_noop("Wed"),
    gettext_noop("Thu"),
    gettext_noop("Fri"),
    gettext_noop("Sat"),
    gettext_noop("Sun"),
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
    gettext_noop("jan"),
    gettext_noop("feb"),
    gettext_noop("mar"),
    gettext_noop("apr"),
    gettext_noop("may"),
    gettext_noop("jun"),
    gettext_noop("jul"),
    gettext_noop("aug"),
    gettext_noop("sep"),
    gettext_noop("oct"),
    gettext_noop("nov"),
    gettext_noop("dec"),
    pgettext_lazy("abbrev. month", "Jan."),
    pgettext_lazy("abbrev. month", "Feb."),
    pgettext_lazy("abbrev. month", "March"),
    pgettext_lazy("abbrev. month", "April"),
    pgettext_lazy("abbrev. month", "May"),
    pgettext_lazy("abbrev. month", "June"),
    pgettext_lazy("abbrev. month", "July"),
    pgettext_lazy("abbrev. month", "Aug."),
    pgettext_lazy("abbrev. month", "Sept."),
    pgettext_lazy("abbrev. month", "Oct."),
    pgettext_lazy("abbrev. month", "Nov."),
    pgettext_lazy("abbrev. month", "Dec."),
    pgettext_lazy("alt. month", "January"),
    pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"),
    pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"),
    pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"),
    pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"),
    pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"),
    pgettext_lazy("alt. month", "December"),
    pgettext_lazy("String to return when truncating text", "%(truncated_text)s…"),
    gettext_noop("or"),
    gettext_noop(", "),
    gettext_noop("Forbidden"),
    gettext_noop("CSRF verification failed. Request aborted."),
    gettext_noop(
        "You are seeing this message because this HTTPS site requires a “Referer header” to be sent by your web browser, but none was sent. This header is required for security reasons, to ensure that your browser is not being hijacked by third parties."
    ),
    gettext_noop(
        "If you have configured your browser to disable “Referer” headers, please re-enable them, at least for this site, or for HTTPS connections, or for “same-origin” requests."
    ),
    gettext_noop(
        'If you are using the <meta name="referrer" content="no-referrer"> tag or including the “Referrer-Policy: no-referrer” header, please remove them. The CSRF protection requires the “Referer” header to do strict referer checking. If you’re concerned about privacy, use alternatives like <a rel="noreferrer" …> for links to third-party sites.'
    ),
    gettext_noop(
        "You are seeing this message because this site requires a CSRF cookie when submitting forms. This cookie is required for security reasons, to ensure that your browser is not being hijacked by third parties."
    ),
    gettext_noop(
        "If you have configured your browser to disable cookies, please re-enable them, at least for this site, or for “same-origin” requests."
    ),
    gettext_noop("More information is available with DEBUG=True."),
    gettext_noop("password"),
    gettext_noop("Invalid password format or unknown hashing algorithm."),
    gettext_noop("No password set."),
    gettext_noop("Reset password"),
    gettext_noop("Set password"),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("Password"),
    gettext_noop("Password confirmation"),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop(
        "Whether the user will be able to authenticate using a password or not. If disabled, they may still be able to authenticate using other backends, such as Single Sign-On or LDAP."
    ),
    gettext_noop("Password-based authentication"),
    gettext_noop("Enabled"),
    gettext_noop("Disabled"),
    gettext_noop("Raw passwords are not stored, so there is no way to see the user’s password."),
    gettext_noop("Enable password-based authentication for this user by setting a password."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."
    ),
    gettext_noop("This account is inactive."),
    gettext_noop("Email"),
    gettext_noop("New password"),
    gettext_noop("New password confirmation"),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop("Old password"),
    gettext_noop("username"),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop("A user with that username already exists."),
    gettext_noop("email address"),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        1,
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        1,
    ),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop(
        "Enter a valid username. This value may contain only unaccented lowercase a-z and uppercase A-Z letters, numbers, and @/./+/-/_ characters."
    ),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."
    ),
)
