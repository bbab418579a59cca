# Indian grouping: the last three digits, then twos (1,00,000 is a lakh). The dates and
# times are Django's own for this language.
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = (3, 2, 0)
