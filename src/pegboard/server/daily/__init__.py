"""The daily challenge: the same deals for everyone each UTC day (docs/fairness.md)."""
