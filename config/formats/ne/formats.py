# Nepali writes numbers in lakhs and crores like India: 1,00,000. Django has no formats of
# its own for Nepali, so the dates are set here: day, month, year, and a 12-hour clock.
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = (3, 2, 0)
DECIMAL_SEPARATOR = "."
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, g:i A"
TIME_FORMAT = "g:i A"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y g:i A"
FIRST_DAY_OF_WEEK = 0
