"""Shared machinery of the card games: cards and card sets, trick resolution, dealing, seeding,
errors, the deal and match shells, the JSON codec and the Cython binding base."""
