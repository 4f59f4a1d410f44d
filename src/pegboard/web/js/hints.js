// Hints: at the discard the server values every discard of your hand exactly (see
// docs/protocol.md, "hint"); the best few are shown, and a row puts its cards in your selection.
// You still press Discard yourself. In the play it ranks the cards you may play by the expert's
// expected pegging gain; a row puts the keyboard on that card.

import { cardInline, cardName, cardShort } from "./cards.js";
import { h, toast } from "./dom.js";

const ROWS = 5;
const CRIB_OWNER = {
  dealer: "your crib",
  pone: "an opponent's crib",
  partner: "your partner's crib",
};

/** Whether this seat may ask now: the table allows hints and it has a discard to make or a
 * card to play. */
function offered(page) {
  const view = page.view;
  if (!page.state.table?.hints || !view.legal?.length) return false;
  return view.phase === "discard" || view.legal.some((a) => a.type === "play");
}

const playable = (view) => (view.legal ?? []).filter((a) => a.type === "play").map((a) => a.card);

const sameCards = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The server's answer, if it is about the hand on the table now (answers can arrive late). */
function currentHint(page) {
  const hint = page.state.hint;
  const view = page.view;
  if (!hint || hint.hand_number !== view.hand_number) return null;
  if (view.phase === "play")
    return hint.kind === "play" &&
      hint.count === view.count &&
      sameCards(hint.playable, playable(view))
      ? hint
      : null;
  return hint.kind !== "play" && sameCards(hint.hand, view.hand) ? hint : null;
}

function toggle(page) {
  if (page.ui.hint) {
    page.ui.hint = false;
  } else if (currentHint(page) || page.socket.hint()) {
    page.ui.hint = true; // the panel says "working it out" until the answer arrives
  } else {
    toast("Reconnecting: ask for the hint again in a moment", "info");
  }
  page.rerender();
}

/** The "Hint" button beside Discard (null when hints are not on offer now). */
export function hintButton(page) {
  if (!offered(page)) return null;
  return h(
    "button",
    {
      type: "button",
      "data-key": "hint",
      "aria-expanded": String(Boolean(page.ui.hint)),
      "aria-controls": "hint-panel",
      onClick: () => toggle(page),
    },
    page.ui.hint ? "Hide hint" : "Hint",
  );
}

const fixed = (value) => value.toFixed(2);

function hintRow(page, row, index, chosen) {
  const picked = sameCards(row.discard, chosen);
  const pick = () => {
    page.ui.selected = new Set(row.discard);
    page.rerender();
  };
  const thrown = row.discard.map(cardName).join(" and ");
  const against = row.crib_sign < 0;
  return h(
    "tr",
    { class: `${index === 0 ? "best" : ""} ${picked ? "picked" : ""}`, onClick: pick },
    h(
      "td",
      {},
      h(
        "button",
        {
          type: "button",
          class: "hint-pick",
          "data-key": `hint-${index}`,
          "aria-pressed": String(picked),
          title: `Keep ${row.keep.map(cardShort).join(" ")}`,
          onClick: (event) => {
            event.stopPropagation(); // the row would pick it a second time
            pick();
          },
        },
        row.discard.map(cardInline),
        h("span", { class: "sr-only" }, ` throw ${thrown}${index === 0 ? ", the best" : ""}`),
      ),
    ),
    h("td", { class: "num" }, fixed(row.hand)),
    h(
      "td",
      { class: `num ${against ? "against" : "for"}` },
      `${against ? "−" : "+"}${fixed(row.crib)}`,
    ),
    h("td", { class: "num net" }, fixed(row.net)),
  );
}

/** The cards you may play, best expected gain first; a row's button focuses its card. */
function playPanel(page, hint) {
  const column = (text, extra = "") => h("th", { scope: "col", class: extra }, text);
  const focus = (card) => page.main?.querySelector(`.hand [data-card="${card}"]`)?.focus();
  return h(
    "section",
    { class: "hint-panel", id: "hint-panel", "aria-label": "Play hint" },
    h(
      "table",
      { class: "hint-table" },
      h("caption", {}, `Your cards at the count of ${hint.count}, best first`),
      h("thead", {}, h("tr", {}, column("Play"), column("Gain", "num"))),
      h(
        "tbody",
        {},
        hint.plays.map((row, index) =>
          h(
            "tr",
            { class: index === 0 ? "best" : "" },
            h(
              "td",
              {},
              h(
                "button",
                {
                  type: "button",
                  class: "hint-pick",
                  "data-key": `hint-${index}`,
                  onClick: () => focus(row.cards[0]),
                },
                row.cards.map(cardInline),
                h(
                  "span",
                  { class: "sr-only" },
                  ` ${row.cards.map(cardName).join(" or ")}${index === 0 ? ", the best" : ""}`,
                ),
              ),
            ),
            h(
              "td",
              { class: "num net" },
              `${row.gain >= 0 ? "+" : "−"}${fixed(Math.abs(row.gain))}`,
            ),
          ),
        ),
      ),
    ),
    h(
      "p",
      { class: "hint" },
      "The points your side can expect to peg minus the others', to the end of the play, " +
        "over the cards you cannot see (the expert bot's own search).",
    ),
  );
}

/** The hint panel under the hand (null when closed or not on offer). */
export function hintPanel(page) {
  if (!offered(page) || !page.ui.hint) return null;
  const hint = currentHint(page);
  if (hint?.kind === "play") return playPanel(page, hint);
  if (!hint) {
    return h(
      "section",
      { class: "hint-panel", id: "hint-panel", "aria-busy": "true", "aria-label": "Discard hint" },
      h(
        "p",
        { class: "notice" },
        page.view.phase === "play" ? "Weighing every card…" : "Working out every discard…",
      ),
    );
  }
  const rows = hint.discards.slice(0, ROWS);
  const chosen = [...page.ui.selected];
  const column = (text, extra = "") => h("th", { scope: "col", class: extra }, text);
  return h(
    "section",
    { class: "hint-panel", id: "hint-panel", "aria-label": "Discard hint" },
    h(
      "table",
      { class: "hint-table" },
      h(
        "caption",
        {},
        `Best ${rows.length} of ${hint.discards.length} discards into ${CRIB_OWNER[hint.role]}`,
      ),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          column("Throw"),
          column("Hand", "num"),
          column("Crib", "num"),
          column("Net", "num"),
        ),
      ),
      h(
        "tbody",
        {},
        rows.map((row, i) => hintRow(page, row, i, chosen)),
      ),
    ),
    h(
      "p",
      { class: "hint" },
      "Averages over every starter and every crib the others could make. Pick a row, then Discard.",
    ),
  );
}
