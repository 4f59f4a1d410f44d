// Cards as SVG: faces with corner indices and pips, backs, and card buttons.

import { h, s } from "./dom.js";

const RANKS = "A23456789TJQK";
const RANK_WORDS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"];
export const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** "TD" -> {rank: 10, suit: "D", index: "10", value: 10, red: true}. */
export function parseCard(text) {
  const letter = text.length === 3 ? "T" : text[0].toUpperCase();
  const suit = text.at(-1).toUpperCase();
  const rank = RANKS.indexOf(letter) + 1;
  return {
    text,
    rank,
    suit,
    index: letter === "T" ? "10" : letter,
    value: Math.min(rank, 10),
    red: suit === "H" || suit === "D",
  };
}

/** "5H" -> "5 of hearts". */
export function cardName(text) {
  const card = parseCard(text);
  return `${RANK_WORDS[card.rank - 1]} of ${SUITS[card.suit]}`;
}

/** "TD" -> "10♦", for the log. */
export function cardShort(text) {
  const card = parseCard(text);
  return `${card.index}${SUIT_SYMBOLS[card.suit]}`;
}

/** Card codes in a message as the player sees cards: "there is no nobs JC" -> "… J♣". */
export function withSymbols(message) {
  return String(message).replace(/\b(10|[A2-9TJQK])([CDHS])\b/g, (_, rank, suit) =>
    cardShort(rank + suit),
  );
}

/** A card as inline text: "10♦" in its colour. */
export function cardInline(text) {
  const card = parseCard(text);
  return h("span", { class: `inline-card ${card.red ? "red" : "black"}` }, cardShort(text));
}

// Pip layouts on a 100x140 face: [x, y] per pip; pips below the middle are drawn upside down.
const L = 31;
const M = 50;
const R = 69;
// prettier-ignore
const PIPS = {
  2: [[M, 30], [M, 110]],
  3: [[M, 30], [M, 70], [M, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [M, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [M, 90], [L, 110], [R, 110]],
  9: [[L, 30], [R, 30], [L, 57], [R, 57], [M, 70], [L, 83], [R, 83], [L, 110], [R, 110]],
  10: [[L, 30], [R, 30], [M, 44], [L, 57], [R, 57], [L, 83], [R, 83], [M, 96], [L, 110], [R, 110]],
};

function pip(suit, x, y, size) {
  const flip = y > 72 ? ` rotate(180 ${x} ${y})` : "";
  return s("use", {
    href: `#suit-${suit}`,
    x: x - size / 2,
    y: y - size / 2,
    width: size,
    height: size,
    transform: flip.trim() || null,
  });
}

function courtFace(card) {
  // A framed panel with the suit above and below a large letter: clean at any size.
  return [
    s("rect", { x: 22, y: 20, width: 56, height: 100, rx: 6, class: "court-frame" }),
    pip(card.suit, 50, 34, 17),
    glyph("court", card.index, { x: 50, y: 86, class: "court-letter" }),
    pip(card.suit, 50, 106, 17),
  ];
}

function faceContent(card) {
  if (card.rank === 1) return [pip(card.suit, 50, 70, 46)];
  if (card.rank > 10) return courtFace(card);
  const size = card.rank >= 9 ? 17 : 19;
  return PIPS[card.rank].map(([x, y]) => pip(card.suit, x, y, size));
}

// Each index ("5", "10", "K") and court letter is drawn once, in a hidden <defs>, and every card
// shows it with <use>: the card's own markup then holds no text, so a card button's only name
// is its label ("5 of hearts") and never "55" read off its two corners.
let glyphDefs = null;

function glyph(kind, label, attrs) {
  const id = `glyph-${kind}-${label}`;
  if (!glyphDefs || !glyphDefs.isConnected) {
    glyphDefs = s("defs");
    document.body.append(
      s(
        "svg",
        { width: 0, height: 0, style: "position: absolute", "aria-hidden": "true" },
        glyphDefs,
      ),
    );
  }
  if (!glyphDefs.querySelector(`#${CSS.escape(id)}`))
    glyphDefs.append(s("text", { id, "text-anchor": "middle", ...attrs }, label));
  return s("use", { href: `#${id}` });
}

/** The face of a card as an <svg>. */
export function cardFace(text) {
  const card = parseCard(text);
  const corner = (flip) =>
    s(
      "g",
      { transform: flip ? "rotate(180 50 70)" : null },
      glyph("index", card.index, { x: 11, y: 22, class: `index ${card.rank === 10 ? "ten" : ""}` }),
      s("use", { href: `#suit-${card.suit}`, x: 4, y: 26, width: 14, height: 14 }),
    );
  return s(
    "svg",
    {
      class: `card-svg face ${card.red ? "red" : "black"}`,
      viewBox: "0 0 100 140",
      "aria-hidden": "true",
    },
    s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "card-bg" }),
    corner(false),
    corner(true),
    faceContent(card),
  );
}

/** A face-down card as an <svg>. */
export function cardBack() {
  return s(
    "svg",
    { class: "card-svg back", viewBox: "0 0 100 140", "aria-hidden": "true" },
    s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "back-edge" }),
    s("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "url(#card-back)" }),
    s("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, class: "back-frame" }),
  );
}

/** A card that is only looked at. */
export function cardView(text, { small = false, extra = "" } = {}) {
  return h(
    "span",
    {
      class: `card ${small ? "small" : ""} ${extra}`,
      role: "img",
      "aria-label": cardName(text),
      "data-card": text,
    },
    cardFace(text),
  );
}

/** `n` face-down cards in a tight stack, with their number (`count: false` leaves it out). */
export function cardBacks(n, { small = true, label = "", count = true } = {}) {
  const backs = Array.from({ length: n }, () =>
    h("span", { class: `card back ${small ? "small" : ""}` }, cardBack()),
  );
  return h(
    "span",
    { class: "backs", role: "img", "aria-label": label || `${n} face-down cards` },
    backs,
    n && count ? h("span", { class: "back-count", "aria-hidden": "true" }, String(n)) : null,
    n ? null : h("span", { class: "no-cards" }, "no cards"),
  );
}

/**
 * A card the player may click: a real <button>, so Enter/Space and focus work.
 * `selected` (a boolean) makes it a toggle; `disabled` greys it out (not playable now);
 * `label` names it for a screen reader when its name alone is not enough (the starter).
 */
export function cardButton(text, { onClick, selected, disabled = false, hint = "", label = null }) {
  return h(
    "button",
    {
      type: "button",
      class: `card button-card ${selected ? "selected" : ""} ${hint}`,
      "aria-label": label ?? cardName(text),
      "aria-pressed": typeof selected === "boolean" ? String(selected) : null,
      "data-key": `card-${text}`,
      "data-card": text,
      disabled,
      onClick,
    },
    cardFace(text),
  );
}
