"""The web client's own tests, run with Node (``node --test``) on what the Python side makes
for them: every registered game's spec, as ``GET /api/games`` answers, and a whole recorded game
of each game and player count, so the client is checked against the records the engine writes
today. ``make test`` installs Node's packages (jsdom) first (``make js``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

from pegboard.arena import play_one
from pegboard.core.spec import registered

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).resolve().parent


def write_fixtures(folder: Path) -> None:
    specs = registered()
    (folder / "games.json").write_text(json.dumps([spec.to_json() for spec in specs]))
    for spec in specs:
        for players in spec.players:
            game = play_one(spec.name, players, ("greedy",) * players, 7, {"score_target": 61})
            path = folder / f"record-{spec.name}-{players}.json"
            path.write_text(json.dumps(game.record()))


def test_the_web_client_passes_its_own_tests(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node is needed for the web client's tests (make js installs Debian's nodejs)"
    assert (ROOT / "node_modules" / "jsdom").is_dir(), "run make js first (npm ci: jsdom)"
    write_fixtures(tmp_path)
    tests = sorted(str(path) for path in TESTS.glob("*.test.js"))
    done = subprocess.run(
        [node, "--test", "--import", str(TESTS / "dom.js"), *tests],
        cwd=ROOT,
        env={**os.environ, "PEGBOARD_JS_FIXTURES": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
