# English pages show numbers as they always have, without grouping: a stake of 1000, a
# score of 1200. (Django's own English formats group by thousands.)
NUMBER_GROUPING = 0
