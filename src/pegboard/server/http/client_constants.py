"""The facts the web client shares with the server, written from their one source here into
the client's module ``web/js/protocol.js`` (tests/design/test_client_constants.py holds the file
to this; ``python -m pegboard.server.http.client_constants`` writes it again)."""

from __future__ import annotations

import json
from pathlib import Path

from pegboard.core.claims import BY_SIZE, FIXED_POINTS
from pegboard.server.http.protocol import GONE, MOVED, POLICY, RESTART, TRY_LATER

CLIENT_MODULE = Path(__file__).resolve().parents[2] / "web" / "js" / "protocol.js"


def client_module() -> str:
    """The JavaScript module's text: the WebSocket close codes and a claim item's points."""
    close = {
        "gone": GONE,
        "restart": RESTART,
        "policy": POLICY,
        "tryLater": TRY_LATER,
        "moved": MOVED,
    }
    claim = {"fixed": FIXED_POINTS, "perCard": list(BY_SIZE)}
    return (
        "// Written by `python -m pegboard.server.http.client_constants` from the server's own\n"
        "// constants (server/http/protocol.py, core/claims.py): change them there, not here.\n\n"
        "/** The WebSocket close codes (docs/protocol.md): `gone` means do not come back, `moved`\n"
        " * to come back at once by the route in the close's reason. */\n"
        f"export const CLOSE = {json.dumps(close)};\n\n"
        "/** A claim item's nominal points: fixed by kind, or one a card. */\n"
        f"export const CLAIM_POINTS = {json.dumps(claim)};\n"
    )


if __name__ == "__main__":
    CLIENT_MODULE.write_text(client_module())
