"""The connection and the request: guard, bodies, inputs, limits, protocol, rules."""
