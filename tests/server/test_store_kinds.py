"""The ``store`` mark (conftest.py) runs a test on each store, and each run is on the store it
names: a table made through the server is a row of that database."""

from __future__ import annotations

import pytest
from harness import Server
from sqlalchemy import create_engine, text


@pytest.mark.store
def test_each_run_is_on_the_store_it_names(
    server: Server, store_url: str, request: pytest.FixtureRequest
) -> None:
    table = server.table(bots=[None, "greedy"], score_target=31)
    engine = create_engine(store_url)
    with engine.connect() as connection:
        query = text("select count(*) from tables where id = :id")
        assert connection.execute(query, {"id": table}).scalar_one() == 1
    engine.dispose()
    assert engine.dialect.name == request.node.callspec.params["store_url"]


def test_an_unmarked_test_runs_on_sqlite_only(
    store_url: str, request: pytest.FixtureRequest
) -> None:
    assert store_url.startswith("sqlite:///")
    assert not hasattr(request.node, "callspec")
