"""Services of the scoring app: typed functions with keyword-only arguments (DESIGN.md)."""
