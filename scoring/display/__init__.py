"""Presenters: what the scoring screens show, worked out from stored data as plain values
(names for seat positions, signed scores, sentences, chart geometry). No queries, no
requests: each takes what a selector or service returned."""
