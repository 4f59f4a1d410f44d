// Verifiable deals (docs/fairness.md, pegboard-fair/1): the browser's own check of a revealed
// hand with WebCrypto, and the seed this browser adds to each hand.

const FORMAT = "pegboard-fair/1";
const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const enc = new TextEncoder();

export const cardId = (name) => RANKS.indexOf(name[0]) * 4 + SUITS.indexOf(name[1]);
const cardName = (id) => RANKS[id >> 2] + SUITS[id & 3];

export function toHex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function fromHex(text) {
  if (!/^([0-9a-f]{2})*$/.test(text)) throw new Error(`not lowercase hex: ${text}`);
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const u32 = (n) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

export async function commitmentOf(secret) {
  return toHex(await sha256(secret));
}

export async function seedsDigest(seeds) {
  const each = await Promise.all(seeds.map((s) => sha256(enc.encode(s))));
  return sha256(concat(...each));
}

/** The step's HMAC stream, four bytes at a time, and unbiased draws from it. */
class Stream {
  constructor(key, message) {
    this.key = key;
    this.message = message;
    this.counter = 0;
    this.bytes = new Uint8Array(0);
    this.at = 0;
  }

  async word() {
    if (this.at + 4 > this.bytes.length) {
      const block = await crypto.subtle.sign(
        "HMAC",
        this.key,
        concat(this.message, u32(this.counter++)),
      );
      this.bytes = concat(this.bytes.slice(this.at), new Uint8Array(block));
      this.at = 0;
    }
    const b = this.bytes;
    const x =
      ((b[this.at] << 24) >>> 0) + (b[this.at + 1] << 16) + (b[this.at + 2] << 8) + b[this.at + 3];
    this.at += 4;
    return x;
  }

  async below(n) {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = await this.word();
      if (x < limit) return x % n;
    }
  }
}

function kindOf(step) {
  if ("shuffle" in step) return "shuffle";
  if ("roll" in step) return "roll";
  return "pick";
}

/**
 * The outcome of one chance step as the derivation gives it, in the step's own JSON form:
 * `step` is what the server says happened ({shuffle: [cards]}, {roll: [dice]} or
 * {pick, choices}); only its cards (as a set), dice count or choices are used.
 */
export async function derive(step, secret, seeds, hand, number) {
  const kind = kindOf(step);
  const key = await crypto.subtle.importKey(
    "raw",
    secret,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const message = concat(
    enc.encode(FORMAT),
    new Uint8Array([0]),
    await seedsDigest(seeds),
    u32(hand),
    u32(number),
    enc.encode(kind),
    new Uint8Array([0]),
  );
  const stream = new Stream(key, message);
  if (kind === "shuffle") {
    const order = step.shuffle.map(cardId).sort((a, b) => a - b);
    for (let i = order.length - 1; i > 0; i--) {
      const j = await stream.below(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    return { shuffle: order.map(cardName) };
  }
  if (kind === "roll") {
    const dice = [];
    for (let d = 0; d < step.roll.length; d++) dice.push((await stream.below(6)) + 1);
    return { roll: dice };
  }
  return { pick: await stream.below(step.choices), choices: step.choices };
}

/**
 * Check a revealed hand: the secret hashes to the commitment this browser saw before the deal,
 * this browser's own seed is the one used for its seat, and every step's outcome is the one the
 * secret and seeds give. Returns {ok: true} or {ok: false, problem: "…"}.
 */
export async function checkHand(reveal, { commitment, seat, seed }) {
  if (!globalThis.crypto?.subtle)
    return { ok: false, problem: "this browser cannot check (no WebCrypto here)" };
  const hand = reveal.hand;
  if (commitment && reveal.commitment !== commitment) {
    return { ok: false, problem: `hand ${hand}: the commitment changed after the deal` };
  }
  const secret = fromHex(reveal.secret);
  if ((await commitmentOf(secret)) !== reveal.commitment) {
    return { ok: false, problem: `hand ${hand}: the secret does not match its commitment` };
  }
  if (seed != null && seat != null && reveal.seeds[seat] !== seed) {
    return { ok: false, problem: `hand ${hand}: your seed was not used` };
  }
  for (const [number, step] of reveal.steps.entries()) {
    const derived = await derive(step, secret, reveal.seeds, hand, number);
    const kind = kindOf(step);
    if (JSON.stringify(derived[kind]) !== JSON.stringify(step[kind])) {
      return {
        ok: false,
        problem: `hand ${hand}: the ${kind} (step ${number}) is not the one its secret gives`,
      };
    }
  }
  return { ok: true };
}

/** A fresh random seed for a hand (the player may set their own instead). */
export function randomSeed() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}
