"""The web client's copy of the server's constants is the one the server writes."""

from pegboard.server.http.client_constants import CLIENT_MODULE, client_module


def test_the_clients_protocol_module_is_written_from_the_servers_constants() -> None:
    assert CLIENT_MODULE.read_text() == client_module(), (
        "web/js/protocol.js differs from the server's constants: "
        "run python -m pegboard.server.http.client_constants"
    )
