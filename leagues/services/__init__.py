"""Services of the leagues app: typed, keyword-only, one transaction each (DESIGN.md)."""
