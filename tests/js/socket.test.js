// A table's socket with several workers behind a load balancer: sent on to the worker that
// owns the table (close `moved`, the route in its reason), it comes back at once by that
// route, with the events it has; it never goes round in circles. A table whose owner a join
// named (its answer's `route`) is asked for by the first socket, which lands there at once.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CLOSE } from "../../src/pegboard/web/js/protocol.js";

/** A browser WebSocket that the test opens, feeds and closes, as the server would. */
class FakeSocket {
  static OPEN = 1;
  static made = [];

  constructor(url) {
    this.url = new URL(url);
    this.readyState = 0;
    this.sent = [];
    FakeSocket.made.push(this);
  }

  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  say(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  shut(code, reason = "") {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close() {
    this.readyState = 3;
  }
}

Object.defineProperty(globalThis, "location", { value: window.location, configurable: true });
globalThis.WebSocket = FakeSocket;
const { TableSocket } = await import("../../src/pegboard/web/js/socket.js");
const { memory } = await import("../../src/pegboard/web/js/api.js");

const EVENTS = [{ type: "dealt" }, { type: "discarded" }, { type: "discarded" }];
const WELCOME = {
  type: "welcome",
  table: { id: "t1", match: 1 },
  seat: 0,
  slot: 0,
  from: 0,
  events: EVENTS,
  view: { phase: "play" },
  version: EVENTS.length,
};

function opened(t, route = null) {
  t.mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  FakeSocket.made = [];
  localStorage.clear(); // no route remembered from another test
  memory.setRoute("t1", route); // as a join's answer leaves it
  const changes = [];
  const socket = new TableSocket("t1", "tok", { onChange: (state) => changes.push(state) });
  t.after(() => socket.close());
  return { socket, changes };
}

const last = () => FakeSocket.made.at(-1);
const asked = (ws) => Object.fromEntries(ws.url.searchParams);

test("sent on to the owner's route, the socket comes back at once by it, keeping since", (t) => {
  const { socket, changes } = opened(t);
  assert.equal(asked(last()).route, "", "the first socket may land on any worker");
  last().accept();
  last().shut(CLOSE.moved, "8002");
  assert.equal(FakeSocket.made.length, 2, "no pause before going to the owner");
  assert.deepEqual(asked(last()), { since: "0", token: "tok", route: "8002" });
  assert.equal(changes.length, 0, "nothing to show: no 'reconnecting' for a move");

  last().accept();
  last().say(WELCOME);
  assert.equal(socket.state.events.length, 3);
  last().shut(CLOSE.restart); // the owner stops: come back after a pause, by the same route
  assert.equal(FakeSocket.made.length, 2);
  t.mock.timers.tick(500);
  assert.deepEqual(asked(last()), { since: "3", token: "tok", route: "8002" });
});

test("a move to the route it asked for is not followed at once: no loop", (t) => {
  opened(t);
  last().shut(CLOSE.moved, "8001");
  last().shut(CLOSE.moved, "8001"); // a server that sends it back where it came from
  assert.equal(FakeSocket.made.length, 2, "the same route again waits, as after a drop");
  t.mock.timers.tick(499);
  assert.equal(FakeSocket.made.length, 2);
  t.mock.timers.tick(1);
  assert.equal(FakeSocket.made.length, 3);
  assert.equal(asked(last()).route, "8001");
});

test("moves in a row are followed twice at most before the usual pause", (t) => {
  opened(t);
  last().shut(CLOSE.moved, "8002");
  last().shut(CLOSE.moved, "8003"); // the table changed hands meanwhile
  assert.equal(FakeSocket.made.length, 3);
  last().shut(CLOSE.moved, "8002");
  assert.equal(FakeSocket.made.length, 3, "a third move in a row waits");
  t.mock.timers.tick(500);
  assert.equal(FakeSocket.made.length, 4);
  assert.equal(asked(last()).route, "8003", "it asks for the last route it was sent to");
  last().accept();
  last().say(WELCOME); // served: moves may be followed at once again
  last().shut(CLOSE.moved, "8001");
  assert.equal(FakeSocket.made.length, 5);
  assert.equal(asked(last()).route, "8001");
});

test("a move without a route, or gone, is not followed", (t) => {
  const { socket } = opened(t);
  last().shut(CLOSE.moved, "");
  assert.equal(FakeSocket.made.length, 1, "without a route it is a drop: a pause first");
  t.mock.timers.tick(500);
  assert.equal(asked(last()).route, "");
  last().shut(CLOSE.gone);
  t.mock.timers.tick(10_000);
  assert.equal(FakeSocket.made.length, 2, "gone: never back");
  assert.equal(socket.connected, false);
});

test("the route a join named is asked for by the first socket, and a move is remembered", (t) => {
  opened(t, "8001");
  assert.deepEqual(asked(last()), { since: "0", token: "tok", route: "8001" });
  last().shut(CLOSE.moved, "8002"); // the table changed hands since the join
  assert.deepEqual(asked(last()), { since: "0", token: "tok", route: "8002" });
  assert.equal(memory.route("t1"), "8002", "the next visit asks for the owner at once");
  memory.setRoute("t1", undefined); // a join answered by one worker alone: no route
  assert.equal(memory.route("t1"), null);
});
