// The table's "Fair deals" panel: sends this seat's seed for each hand committed to, checks
// each revealed hand in this browser (fair.js) and says plainly whether it checked out.

import { h } from "./dom.js";
import { checkHand, randomSeed } from "./fair.js";

const SEED_KEY = "pegboard.seed"; // the player's own seed, if they set one
const givenKey = (commitment) => `pegboard.fair.${commitment}`; // the seed given for a hand

/** The seed this browser gives for the hand of ``commitment``, kept for its check. */
export function seedFor(commitment) {
  const seed = localStorage.getItem(SEED_KEY) || randomSeed();
  sessionStorage.setItem(givenKey(commitment), seed);
  return seed;
}

export class FairDeals {
  constructor(send, changed) {
    this.send = send;
    this.changed = changed;
    this.seen = new Set(); // commitments this browser was shown before their hand was dealt
    this.waiting = new Map(); // hand -> the commitment waiting for seeds
    this.sent = new Set(); // commitments we sent a seed for
    this.mine = new Map(); // commitment -> the seed the table took from this seat
    this.results = new Map(); // commitment -> {hand, ok, problem}
    this.checking = new Set();
    this.build();
  }

  /** A fair-deals message from the socket: commit, seed, reveal, or the welcome's summary. */
  receive(message, state) {
    if (message.type === "summary" && message.daily) {
      this.daily = message.daily; // one secret for the day: revealed when the day is over
    } else if (message.type === "summary") {
      for (const part of [message.match, message.next]) {
        if (!part) continue;
        for (const hand of part.hands) {
          if (hand.secret) this.revealed(hand, state);
        }
        for (const hand of part.waiting) this.committed(hand, state);
      }
    } else if (message.type === "commit") {
      this.committed(message, state);
    } else if (message.type === "seed") {
      const commitment = this.waiting.get(message.hand);
      if (commitment) this.mine.set(commitment, message.seed);
    } else if (message.type === "reveal") {
      this.revealed(message, state);
    }
    this.update();
  }

  committed({ hand, commitment, seeded }, state) {
    this.seen.add(commitment);
    this.waiting.set(hand, commitment);
    const given = sessionStorage.getItem(givenKey(commitment)); // with the join, or before a reload
    if (given) this.mine.set(commitment, given);
    if (seeded?.includes(state.slot)) this.sent.add(commitment);
    if (state.slot === null || state.slot === undefined || this.sent.has(commitment)) return;
    this.sent.add(commitment);
    this.send({ type: "seed", hand, seed: seedFor(commitment) });
  }

  revealed(reveal, state) {
    const key = reveal.commitment;
    if (this.results.has(key) || this.checking.has(key)) return;
    if (reveal.hand === 1) this.results.clear(); // a new match: its hands count from 1 again
    this.checking.add(key);
    const seat = state.seat;
    checkHand(reveal, { commitment: key, seat, seed: this.mine.get(key) })
      .catch((error) => ({ ok: false, problem: `hand ${reveal.hand}: ${error.message}` }))
      .then((result) => {
        this.checking.delete(key);
        this.results.set(key, { hand: reveal.hand, ...result });
        this.update();
        this.changed?.();
      });
  }

  // -- the panel ------------------------------------------------------------------------------

  build() {
    this.summary = h("span", { class: "fair-state", "data-testid": "fair-state" });
    this.list = h("ol", { class: "fair-hands plain" });
    this.seedInput = h("input", {
      id: "fair-seed",
      type: "text",
      maxlength: 64,
      autocomplete: "off",
      placeholder: "random",
      value: localStorage.getItem(SEED_KEY) ?? "",
      onChange: (event) => {
        const seed = event.target.value.trim().slice(0, 64);
        if (seed) localStorage.setItem(SEED_KEY, seed);
        else localStorage.removeItem(SEED_KEY);
      },
    });
    this.element = h(
      "details",
      { class: "fair panel", "data-testid": "fair" },
      h("summary", {}, h("span", { class: "fair-title" }, "Fair deals"), " ", this.summary),
      h(
        "p",
        { class: "fair-about" },
        "Before each hand the table commits to a secret; your browser adds a seed; when the hand " +
          "is over the secret is revealed and this browser works out every card again.",
      ),
      h("label", { for: "fair-seed" }, "Your own seed (empty: a random one each hand)"),
      this.seedInput,
      this.list,
    );
    this.update();
  }

  update() {
    const results = [...this.results.values()].sort((a, b) => a.hand - b.hand);
    const failed = results.filter((r) => !r.ok);
    this.element.classList.toggle("fair-failed", failed.length > 0);
    if (failed.length) {
      this.summary.textContent = `✗ check failed: ${failed[0].problem}`;
    } else if (results.length) {
      const last = results.at(-1).hand;
      this.summary.textContent =
        results.length === 1 ? `✓ hand ${last} verified` : `✓ ${results.length} hands verified`;
    } else if (this.daily) {
      this.summary.textContent = `the day's deals: revealed when ${this.daily.day} ends (UTC)`;
    } else {
      this.summary.textContent = this.seen.size
        ? "committed: waiting for the first hand to end"
        : "";
    }
    this.list.replaceChildren(
      ...results.map((r) =>
        h(
          "li",
          { class: r.ok ? "fair-ok" : "fair-bad" },
          r.ok
            ? `Hand ${r.hand}: verified ✓`
            : `Hand ${r.hand}: FAILED ✗ ${r.problem.replace(/^hand \d+: /, "")}`,
        ),
      ),
    );
  }
}
