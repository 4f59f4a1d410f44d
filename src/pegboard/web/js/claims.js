// Manual counting: build a claim (or a Muggins call) item by item from the counted cards.
// Select cards, then press the kind; only kinds that fit the selected cards are enabled.

import { cardButton, cardInline, cardName, cardView, parseCard } from "./cards.js";
import { h } from "./dom.js";
import { CLAIM_POINTS } from "./protocol.js";

const LABELS = {
  fifteen: "Fifteen",
  pair: "Pair",
  run: "Run",
  flush: "Flush",
  nobs: "Nobs",
  "jack-of-trumps": "Jack of trumps",
};

/** What an item is worth if it is real (the server's nominal points). */
export function itemPoints(kind, cards) {
  return CLAIM_POINTS.perCard.includes(kind) ? cards.length : CLAIM_POINTS.fixed[kind];
}

/** Whether the cards can be an item of this kind at all (the rules decide if it is real). */
export function fits(kind, cards) {
  const parsed = cards.map(parseCard);
  const ranks = parsed.map((c) => c.rank).sort((a, b) => a - b);
  switch (kind) {
    case "fifteen":
      return parsed.length >= 2 && parsed.reduce((sum, c) => sum + c.value, 0) === 15;
    case "pair":
      return parsed.length === 2 && ranks[0] === ranks[1];
    case "run":
      return parsed.length >= 3 && ranks.every((r, i) => i === 0 || r === ranks[i - 1] + 1);
    case "flush":
      return parsed.length >= 4 && parsed.every((c) => c.suit === parsed[0].suit);
    case "nobs":
    case "jack-of-trumps":
      return parsed.length === 1 && parsed[0].rank === 11;
    default:
      return false;
  }
}

function sameItem(a, b) {
  return (
    a.kind === b.kind &&
    a.cards.length === b.cards.length &&
    a.cards.every((c) => b.cards.includes(c))
  );
}

function itemLine(item, labels, remove) {
  const cards = item.cards.flatMap((c, i) => (i ? [" ", cardInline(c)] : [cardInline(c)]));
  return h(
    "li",
    {},
    h("span", { class: "item-kind" }, labels[item.kind] ?? item.kind),
    " ",
    cards,
    h("span", { class: "item-points" }, `+${item.points ?? itemPoints(item.kind, item.cards)}`),
    remove
      ? h(
          "button",
          { type: "button", class: "icon", "aria-label": `remove ${item.kind}`, onClick: remove },
          "✕",
        )
      : null,
  );
}

/**
 * A list that may hold more than it shows (a long count scrolls within it, so the panel's
 * answers stay on screen) says so: it is marked `more-below` / `more-above` while items are
 * hidden past that end, and the CSS fades that end. `toEnd`: show the last item first (the
 * one just added to a claim being built).
 */
function scrolling(list, { toEnd = false } = {}) {
  const mark = () => {
    list.classList.toggle("more-below", list.scrollHeight - list.scrollTop - list.clientHeight > 1);
    list.classList.toggle("more-above", list.scrollTop > 1);
  };
  list.addEventListener("scroll", mark, { passive: true });
  if (globalThis.ResizeObserver) {
    let first = toEnd;
    new ResizeObserver(() => {
      if (first && list.clientHeight) {
        list.scrollTop = list.scrollHeight;
        first = false;
      }
      mark();
    }).observe(list);
  }
  return list;
}

/**
 * The counting panel: everyone sees the cards and what was taken; the one to act builds.
 * `kinds`: the items the game counts, or `(counting) => kinds` (a crib may count fewer);
 * `starters`: `(view) => cards` among the counted ones that are starters (`starterName` is
 * what the game calls one); `labels`: the game's own names for kinds.
 */
export function claimsPanel(
  page,
  { kinds, starters = () => [], starterName = "starter", labels: named = {} },
) {
  const view = page.view;
  const counting = view.counting;
  const labels = { ...LABELS, ...named };
  const counted = typeof kinds === "function" ? kinds(counting) : kinds;
  const me = page.state.seat;
  const claiming = counting.claimant === me && !counting.claimed;
  const calling = counting.claimed && counting.to_call === me;
  const acting = claiming || calling;
  const ui = page.ui.claim;
  const chosen = counting.cards.filter((c) => ui.cards.has(c));
  const total = ui.items.reduce((sum, item) => sum + itemPoints(item.kind, item.cards), 0);

  const toggle = (card) => () => {
    if (ui.cards.has(card)) ui.cards.delete(card);
    else ui.cards.add(card);
    page.rerender();
  };
  const add = (kind) => () => {
    const byRank = (a, b) => parseCard(a).rank - parseCard(b).rank || a.localeCompare(b);
    const item = { kind, cards: [...chosen].sort(byRank) };
    if (!ui.items.some((other) => sameItem(other, item))) ui.items.push(item);
    ui.cards.clear();
    page.rerender();
  };
  const remove = (i) => () => {
    ui.items.splice(i, 1);
    page.rerender();
  };
  const items = () => ui.items.map((item) => ({ kind: item.kind, cards: item.cards }));

  const tops = new Set(starters(view));
  const cards = h(
    "div",
    { class: "claim-cards", role: "group", "aria-label": "Counted cards" },
    counting.cards.map((card) =>
      acting
        ? cardButton(card, {
            selected: ui.cards.has(card),
            onClick: toggle(card),
            hint: tops.has(card) ? "starter" : "",
            label: tops.has(card) ? `${cardName(card)}, the ${starterName}` : null,
          })
        : cardView(card, { extra: tops.has(card) ? "starter" : "" }),
    ),
  );
  const kindButtons = acting
    ? h(
        "div",
        { class: "claim-kinds", role: "group", "aria-label": "Add the selected cards as" },
        counted.map((kind) =>
          h(
            "button",
            {
              type: "button",
              "data-key": `kind-${kind}`,
              disabled: !fits(kind, chosen),
              onClick: add(kind),
            },
            labels[kind],
          ),
        ),
      )
    : null;
  const building = acting
    ? scrolling(
        h(
          "ol",
          {
            class: "claim-items building",
            tabindex: ui.items.length ? "0" : null,
            "aria-label": calling ? "Your Muggins call" : "Your claim",
          },
          ui.items.map((item, i) => itemLine(item, labels, remove(i))),
        ),
        { toEnd: true },
      )
    : null;
  const taken = counting.taken.length
    ? h(
        "div",
        { class: "taken" },
        h("h4", {}, "Already counted"),
        scrolling(
          h(
            "ol",
            // a long list scrolls (below): reachable by the keyboard too
            { class: "claim-items", tabindex: "0", "aria-label": "Already counted" },
            counting.taken.map((item) => itemLine(item, labels)),
          ),
        ),
      )
    : null;
  let buttons = null;
  if (claiming) {
    buttons = h(
      "button",
      {
        type: "button",
        class: "primary",
        "data-key": "claim",
        onClick: () => page.act({ type: "claim", items: items() }),
      },
      total ? `Claim ${total}` : "Claim nothing",
    );
  } else if (calling) {
    buttons = [
      h(
        "button",
        {
          type: "button",
          class: "danger",
          "data-key": "muggins",
          disabled: !ui.items.length,
          onClick: () => page.act({ type: "muggins", items: items(), points: total }),
        },
        `Muggins! (${total})`,
      ),
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-key": "pass",
          onClick: () => page.act({ type: "pass" }),
        },
        "Pass",
      ),
    ];
  }
  const title = `${counting.claimant === me ? "Your" : `${page.names[counting.claimant]}'s`} ${counting.label}`;
  return h(
    "section",
    { class: "panel claims", "aria-label": "Counting" },
    h("h3", {}, title, counting.claimed ? h("span", { class: "badge" }, "claimed") : null),
    acting
      ? h(
          "p",
          { class: "hint" },
          calling
            ? `Select cards, then press what they make. ${
                counting.penalty
                  ? "A wrong Muggins call costs you its points."
                  : "A wrong Muggins call is refused and costs nothing."
              }`
            : "Select cards, then press what they make. What you miss, another may call Muggins on.",
        )
      : null,
    cards,
    kindButtons,
    building,
    taken,
    buttons ? h("div", { class: "actions" }, buttons) : null,
  );
}
