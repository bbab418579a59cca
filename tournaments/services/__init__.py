"""Services of the tournaments app: typed, keyword-only, one transaction each (DESIGN.md)."""
