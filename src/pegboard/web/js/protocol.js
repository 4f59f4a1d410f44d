// Written by `python -m pegboard.server.http.client_constants` from the server's own
// constants (server/http/protocol.py, core/claims.py): change them there, not here.

/** The WebSocket close codes (docs/protocol.md): `gone` means do not come back, `moved`
 * to come back at once by the route in the close's reason. */
export const CLOSE = {"gone": 4403, "restart": 1012, "policy": 1008, "tryLater": 1013, "moved": 4307};

/** A claim item's nominal points: fixed by kind, or one a card. */
export const CLAIM_POINTS = {"fixed": {"fifteen": 2, "pair": 2, "nobs": 1, "jack-of-trumps": 1}, "perCard": ["run", "flush"]};
