"""What the Cribbage bots share beyond the level front doors: the expert's discard."""
