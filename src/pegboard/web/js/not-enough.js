// The Cribbage is not Enough table: the two team decks (grey = clubs + spades, blue = hearts +
// diamonds) with their Tops and the powers printed on court cards, cards shown by Intel, the
// 31 count, the battle for the crib and its dice, the crib piles and their owners, and every
// decision: cards to pick (discard, reveal, magic, play) and a button per legal choice.

import { cardButton, cardInline, cardShort, cardView, parseCard } from "./cards.js";
import { claimsPanel } from "./claims.js";
import { h, plural } from "./dom.js";
import { guidePanel } from "./guide.js";
import { notEnoughGuide } from "./guide-words.js";
import { peggedFlash, seatPanel } from "./seats.js";
import { POWER_WORDS as POWER_WORDS_SHORT } from "./words.js";

const COLOURS = ["grey", "blue"];
const COURT = { 11: "J", 12: "Q", 13: "K", 1: "A" };
const POWERS = ["intel", "might", "magic"];
const SHORT = { intel: "Int", might: "Mgt", magic: "Mag" };
const POWER_WORDS = {
  intel: (n) => `the other team shows ${plural(n, "card")} each`,
  might: (n) => `adds ${n} to your team's rolls in the battle for the crib`,
  magic: (n) => `your team swaps exactly ${plural(n, "card")} for new ones from its deck`,
};
const PICKED = new Set(["discard", "reveal", "magic"]); // answered by selecting cards
const OWN_CONTROLS = new Set([...PICKED, "play", "go", "ready", "claim", "muggins", "pass"]);
const SUIT_ORDER = "SCHD";

/** A card's value for `power` in the view's powers table (0 for a number card). */
export function powerValue(view, card, power) {
  const rank = COURT[parseCard(card).rank];
  if (!rank) return 0;
  return Number(view.powers?.values?.[card.at(-1)]?.[rank]?.[power] ?? 0);
}

/** "Int 3 Mgt 5 Mag 4" under a court card, nothing under a number card. */
function powerTag(view, card) {
  if (!COURT[parseCard(card).rank]) return null;
  const full = POWERS.map((p) => `${p[0].toUpperCase() + p.slice(1)} ${powerValue(view, card, p)}`);
  return h(
    "span",
    { class: "ne-powers", title: full.join(" · "), "data-testid": "powers" },
    POWERS.map((p) =>
      h("span", { class: `ne-power ne-${p}` }, `${SHORT[p]} ${powerValue(view, card, p)}`),
    ),
  );
}

/** A card with its powers under it. */
function courtCard(view, card, { small = false, extra = "" } = {}) {
  return h("span", { class: "ne-card" }, cardView(card, { small, extra }), powerTag(view, card));
}

function colourOfSeat(view, seat) {
  return COLOURS.find((c) => view.colours?.[c]?.includes(seat)) ?? null;
}

function teamNames(page, colour) {
  const seats = page.view.colours?.[colour] ?? [];
  return seats.map((seat) => page.displayName(seat)).join(" & ") || "—";
}

/** One legal action in words (as the terminal's menu says it). */
export function describe(action, page) {
  const view = page.view;
  const cards = (action.cards ?? []).map(cardShort).join(" ");
  switch (action.type) {
    case "discard":
      return `discard ${cards}`;
    case "reveal":
      return `show ${cards}`;
    case "magic":
      return `swap ${cards} for new cards`;
    case "play":
      return `play ${cardShort(action.card)}`;
    case "go":
      return "go";
    case "ready":
      return "go on";
    case "pass":
      return "pass";
    case "colour":
      return `take ${action.colour} for your team`;
    case "first":
      return `${action.colour} (${teamNames(page, action.colour)}) resolves its Top first`;
    case "power": {
      const top = view.tops?.[view.resolving];
      if (action.power === "none" || !top || !POWER_WORDS[action.power])
        return action.power === "none" ? "no power" : action.power;
      const n = powerValue(view, top, action.power);
      const name = action.power[0].toUpperCase() + action.power.slice(1);
      return `${name} ${n}: ${POWER_WORDS[action.power](n)}`;
    }
    case "split":
      return `you swap ${action.captain}, your partner ${action.partner}`;
    case "cradle":
      if (action.action === "ban")
        return `ban ${action.colour} (${teamNames(page, action.colour)}): its crib cards and its Top are not counted`;
      if (action.action === "add") return "add the next card of your deck to the crib";
      return "leave the crib as it is";
    case "claim":
      return action.items?.length ? JSON.stringify(action) : "claim nothing";
    default:
      return JSON.stringify(action);
  }
}

function prompt(page) {
  const view = page.view;
  const me = page.state.seat;
  const legal = view.legal ?? [];
  if (view.outcome) return "Game over";
  const waiting = view.to_act.filter((s) => s !== me).map((s) => page.names[s]);
  if (!legal.length) {
    if (view.phase === "battle") return "The dice are rolling for the crib…";
    if (view.phase === "shuffle" || view.phase === "cut") return "Shuffling…";
    return waiting.length ? `Waiting for ${waiting.join(" and ")}` : "…";
  }
  const need = legal[0].cards?.length ?? 0;
  switch (view.phase) {
    case "colour":
      return "You deal: take a colour for your team";
    case "discard":
      return `Choose ${plural(need, "card")} for the crib`;
    case "order":
      return "Both Tops are court cards: which team resolves its Top first?";
    case "power":
      return `Your team's Top ${view.tops?.[view.resolving] ? cardShort(view.tops[view.resolving]) : ""}: use one of its powers, or none`;
    case "reveal":
      return `Enemy Intel: show ${plural(need, "card")} of your hand to everyone`;
    case "split":
      return "Magic: how many cards does each of you swap?";
    case "magic":
      return `Magic: choose ${plural(need, "card")} to swap for new ones`;
    case "play":
      return legal[0].type === "go" ? "No card fits: say go" : `Your turn: the count is ${view.count}`;
    case "cradle":
      return "Rob the cradle: your colour has more Magic in the crib";
    case "post-show":
      return "Hand over: go on when you are ready";
    case "count": {
      const counting = view.counting;
      const what = `${counting.claimant === me ? "your" : `${page.names[counting.claimant]}'s`} ${counting.label}`;
      if (counting.claimant === me && !counting.claimed) return `Count ${what}: claim what you see`;
      return `Muggins? Call what was missed in ${what}, or pass`;
    }
    default:
      return "Your move";
  }
}

/** A deck: its colour, its team, its Top (with powers), cards left, its crib pile. */
function deckPanel(page, colour) {
  const view = page.view;
  const top = view.tops?.[colour];
  const used = view.powers_used?.[colour];
  const owners = view.crib_owners?.[colour];
  const seats = view.colours?.[colour] ?? [];
  const mine = seats.includes(page.state.seat);
  const cribCards = view.crib?.[colour];
  const pile = cribCards
    ? h("span", { class: "fan" }, cribCards.map((c) => courtCard(view, c, { small: true })))
    : h("span", { class: "ne-pile-count" }, plural(view.crib_sizes?.[colour] ?? 0, "card"));
  return h(
    "section",
    {
      class: `ne-deck deck-${colour} ${view.resolving === colour ? "resolving" : ""} ${mine ? "mine" : ""} ${view.banned === colour ? "banned" : ""}`,
      "data-testid": `deck-${colour}`,
      "aria-label": `The ${colour} deck`,
    },
    h(
      "header",
      {},
      h("span", { class: `ne-colour colour-${colour}` }, colour),
      h("span", { class: "ne-team" }, seats.length ? teamNames(page, colour) : "not taken yet"),
      view.banned === colour ? h("span", { class: "badge warn" }, "banned") : null,
    ),
    h(
      "div",
      { class: "ne-deck-body" },
      h(
        "div",
        { class: "ne-top" },
        top ? courtCard(view, top, { extra: "starter" }) : h("span", { class: "ne-empty" }, "—"),
        h(
          "small",
          {},
          top ? `${colour} Top` : "Top not turned",
          view.deck_sizes ? ` · ${view.deck_sizes[colour]} left` : "",
        ),
        used ? h("small", { class: "ne-used" }, `used: ${used}`) : null,
      ),
      h(
        "div",
        { class: "ne-pile" },
        h("small", {}, `${colour} crib pile`),
        pile,
        owners
          ? h(
              "small",
              { class: "ne-owner", "data-testid": `owner-${colour}` },
              `owned by ${owners.map((s) => page.displayName(s)).join(" & ")}`,
            )
          : null,
      ),
    ),
  );
}

/** The 31 count, the intelligence bonus, the battle, the cradle and the show. */
function middle(page) {
  const view = page.view;
  const names = (seat) => page.displayName(seat);
  const parts = [];
  if (view.played.length || view.phase === "play") {
    parts.push(
      h(
        "div",
        { class: "count ne-count" },
        h("span", { class: "count-label" }, "Count "),
        h("strong", { "data-testid": "count" }, String(view.count)),
        view.phase === "play" ? peggedFlash(page) : null,
        h(
          "div",
          { class: "count-cards" },
          view.count_cards.map((card) => h("span", { class: "count-card" }, cardView(card, { small: true }))),
        ),
        view.passed.length
          ? h("p", { class: "hint" }, `go: ${view.passed.map(names).join(", ")}`)
          : null,
      ),
    );
  }
  if (view.intel) {
    const { sums, winner } = view.intel;
    parts.push(
      h(
        "p",
        { class: "ne-intel", "data-testid": "intel" },
        `Intel in hand: ${sums.map((n, s) => `${names(s)} ${n}`).join(", ")} — `,
        winner === null ? "a tie: no bonus" : `${names(winner)} counts the enemy Top too`,
      ),
    );
  }
  if (view.battle) parts.push(battlePanel(page));
  if (view.cradle) {
    const c = view.cradle;
    parts.push(
      h(
        "p",
        { class: "ne-cradle", "data-testid": "cradle" },
        `Magic in the crib: grey ${c.magic?.grey ?? 0}, blue ${c.magic?.blue ?? 0}`,
        c.colour ? ` — ${c.colour} may rob the cradle` : " — nobody robs the cradle",
        c.action ? ` (${c.action}${view.banned ? ` ${view.banned}` : ""})` : "",
      ),
    );
  }
  if (view.shown.length) {
    parts.push(
      h(
        "div",
        { class: "show-area ne-shown", "data-testid": "show" },
        view.shown.map((shown) =>
          h(
            "div",
            { class: "shown" },
            h(
              "div",
              { class: "shown-head" },
              h("span", {}, `${names(shown.seat)}: ${shown.crib ? "crib" : "hand"}`),
              h("strong", { class: "shown-points" }, shown.points === null ? "…" : String(shown.points)),
            ),
            h(
              "div",
              { class: "shown-cards" },
              shown.cards.map((c) => cardView(c, { small: true })),
              shown.tops.length ? h("span", { class: "ne-plus" }, "+") : null,
              shown.tops.map((c) => cardView(c, { small: true, extra: "starter" })),
            ),
          ),
        ),
      ),
    );
  }
  return h("div", { class: "middle ne-middle" }, parts);
}

function battlePanel(page) {
  const view = page.view;
  const b = view.battle;
  const rows = Array.from({ length: view.players }, (_, seat) => {
    const dice = b.rolls?.[seat] ?? [];
    return h(
      "li",
      { class: b.winner === seat ? "won" : "" },
      h("span", { class: "lane-name" }, page.displayName(seat)),
      h("span", { class: "ne-dice" }, dice.length ? dice.map((d) => h("span", { class: "die" }, String(d))) : `${plural(b.dice[seat] ?? 0, "die", "dice")}`),
      b.bonus?.[seat] ? h("span", {}, ` + ${b.bonus[seat]} Might`) : null,
      b.totals ? h("strong", {}, ` = ${b.totals[seat]}`) : null,
    );
  });
  const fought = b.dice.some((n) => n);
  const result = !fought
    ? "No Might in hand: no battle, each team keeps its own pile"
    : !b.totals
      ? "Rolling…"
      : b.winner === null
        ? "A tie: each team keeps its own pile"
        : `${page.displayName(b.winner)} wins both piles`;
  return h(
    "div",
    { class: "ne-battle", "data-testid": "battle" },
    h("h3", {}, "Battle for the crib"),
    fought ? h("ol", { class: "plain" }, rows) : null,
    h("p", { class: "ne-result" }, result),
  );
}

function sortHand(cards) {
  const key = (text) => SUIT_ORDER.indexOf(text.at(-1)) * 20 + parseCard(text).rank;
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** Your hand: cards to select (discard, reveal, magic) or to play. */
function myHand(page) {
  const view = page.view;
  const legal = view.legal ?? [];
  const picking = legal.find((a) => PICKED.has(a.type));
  const playable = new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
  const selected = page.ui.selected;
  const need = picking?.cards.length ?? 0;
  const cards = sortHand(view.hand).map((card) => {
    let button;
    if (picking) {
      button = cardButton(card, {
        selected: selected.has(card),
        onClick: () => {
          if (selected.has(card)) selected.delete(card);
          else if (selected.size < need) selected.add(card);
          page.rerender();
        },
      });
    } else {
      button = cardButton(card, {
        disabled: !playable.has(card),
        hint: playable.has(card) ? "playable" : "",
        onClick: () => page.act({ type: "play", card }),
      });
    }
    return h("span", { class: "ne-card" }, button, powerTag(view, card));
  });
  return h(
    "div",
    {
      class: `hand ${picking ? "picking" : ""} ${view.to_act.includes(page.state.seat) ? "" : "not-my-turn"}`,
      role: "group",
      "aria-label": "Your cards",
      "data-need": picking ? String(need) : null,
    },
    cards,
  );
}

const PICK_LABELS = { discard: "Discard to the crib", reveal: "Show", magic: "Swap" };

function actions(page) {
  const view = page.view;
  const legal = view.legal ?? [];
  const out = [];
  const picking = legal.find((a) => PICKED.has(a.type));
  if (picking) {
    const chosen = [...page.ui.selected].sort();
    const need = picking.cards.length;
    const action = legal.find(
      (a) => a.type === picking.type && [...a.cards].sort().join() === chosen.join(),
    );
    out.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-key": picking.type,
          disabled: !action,
          onClick: () => action && page.act(action),
        },
        `${PICK_LABELS[picking.type]} (${chosen.length}/${need})`,
      ),
    );
  }
  for (const type of ["go", "ready"]) {
    if (legal.some((a) => a.type === type))
      out.push(
        h(
          "button",
          { type: "button", class: "primary", "data-key": type, onClick: () => page.act({ type }) },
          type === "go" ? "Go" : "Next hand",
        ),
      );
  }
  const others = legal.filter((a) => !OWN_CONTROLS.has(a.type));
  if (others.length)
    out.push(
      h(
        "div",
        { class: "choices", role: "group", "aria-label": "Choices", "data-testid": "choices" },
        others.map((action, i) =>
          h(
            "button",
            {
              type: "button",
              class: `choice ${action.colour ? `colour-${action.colour}` : ""}`,
              "data-key": `choice-${i}`,
              onClick: () => page.act(action),
            },
            describe(action, page),
          ),
        ),
      ),
    );
  return out;
}

/** One line saying what the chips under court cards mean (the rules page says more). */
function powerKey() {
  return h(
    "p",
    { class: "ne-key", "data-testid": "power-key" },
    POWER_WORDS_SHORT.map(([short, word, what]) =>
      h(
        "span",
        { title: what },
        h("span", { class: `ne-power ne-${word.toLowerCase()}` }, short),
        ` ${word}`,
      ),
    ),
  );
}

/** Cards in a sentence, as the log shows them ("7♦ 9♥"), never as codes. */
function inlineCards(cards) {
  return cards.flatMap((card, i) => (i ? [" ", cardInline(card)] : [cardInline(card)]));
}

export function renderNotEnough(page) {
  const view = page.view;
  const me = page.state.seat;
  const seated = me !== null && me !== undefined;
  const myColour = seated ? colourOfSeat(view, me) : null;
  const opponents = Array.from({ length: view.players }, (_, seat) => seat)
    .filter((seat) => seat !== me)
    .map((seat) => {
      const colour = colourOfSeat(view, seat);
      const played = view.played.filter((p) => p.seat === seat).map((p) => p.card);
      // What Intel showed and is still in hand: a shown card once played is with the played.
      const revealed = (view.revealed[seat] ?? []).filter((c) => !played.includes(c));
      return h(
        "div",
        { class: `ne-seat ${colour ? `team-${colour}` : ""}` },
        seatPanel(page, seat, {
          status: [
            colour ? `${colour}` : "",
            view.captains?.includes(seat) ? "captain" : "",
            view.turn === seat ? "to play" : "",
            view.passed.includes(seat) ? "go" : "",
          ]
            .filter(Boolean)
            .join(" · "),
          played,
          extra: revealed.length
            ? h(
                "span",
                { class: "ne-revealed", "data-testid": `revealed-${seat}` },
                h("span", { class: "ne-revealed-label" }, "shown:"),
                revealed.map((c) => courtCard(view, c, { small: true })),
              )
            : null,
        }),
      );
    });
  const myRevealed = seated ? (view.revealed[me] ?? []).filter((c) => view.hand.includes(c)) : [];
  const mine = h(
    "section",
    {
      class: `me ${seated && view.to_act.includes(me) ? "to-act" : ""} ${seated ? "" : "spectator"} ${myColour ? `team-${myColour}` : ""}`,
      "aria-label": "Your hand",
    },
    seated
      ? h(
          "div",
          { class: "me-head" },
          myColour ? h("span", { class: `ne-colour colour-${myColour}` }, myColour) : null,
          h("span", { class: "seat-name" }, `${page.names[me]} (you)`),
          view.dealer === me ? h("span", { class: "badge dealer" }, "dealer") : null,
          view.captains?.includes(me) ? h("span", { class: "badge" }, "captain") : null,
          h("strong", { class: "seat-score" }, String(view.scores[me])),
        )
      : null,
    h("p", { class: "prompt", "data-testid": "prompt" }, h("span", {}, prompt(page)), page.clock.element),
    seated ? myHand(page) : null,
    myRevealed.length ? h("p", { class: "hint" }, "Shown to everyone: ", inlineCards(myRevealed)) : null,
    seated && view.magicked.length ? h("p", { class: "hint" }, "Swapped by Magic: ", inlineCards(view.magicked)) : null,
    seated && view.discarded.length ? h("p", { class: "hint" }, "Your crib cards: ", inlineCards(view.discarded)) : null,
    h("div", { class: "actions" }, actions(page)),
    view.phase === "count" && view.counting ? claimsPanel(page, COUNTING) : null,
  );
  return h(
    "div",
    { class: `felt not-enough phase-${view.phase}`, "data-phase": view.phase },
    h("div", { class: "opponents" }, opponents),
    h("div", { class: "ne-decks" }, COLOURS.map((c) => deckPanel(page, c))),
    powerKey(),
    middle(page),
    mine,
    guidePanel(page, notEnoughGuide), // under the hand, which stays at the bottom of the screen on your turn
  );
}

/** The hand or crib laid down that is being claimed or called on now (the Muggins rounds come
 * after every count of the stage is laid down). */
function shownNow(view) {
  const { claimant, label } = view.counting;
  return view.shown.find((s) => s.seat === claimant && s.crib === (label === "crib"));
}

/** The items counted by hand: his heels is Cribbage's nobs, and a crib counts fifteens, pairs
 * and runs only. The Tops counted with the cards (none, one or both) are the starters. */
const COUNTING = {
  kinds: (counting) =>
    counting.label === "crib" ? ["fifteen", "pair", "run"] : ["fifteen", "pair", "run", "flush", "nobs"],
  labels: { nobs: "His heels" },
  starters: (view) => shownNow(view)?.tops ?? [],
  starterName: "Top",
};

/** This game's own names for score items in the log: a Jack in hand of the Top's suit is
 * "his heels" (Cribbage's nobs). */
export const words = { nobs: "his heels" };

/** The rules page's help at the table: the legend of the power chips. */
export { powerLegend as rulesHelp } from "./rules.js";

/** The live table. */
export const table = renderNotEnough;

/** One step of a replay: the seats and their colours, each deck's Top and crib pile, the 31
 * count, the battle for the crib and the show (each hand with its team's Top). */
export function replay(page, state) {
  const colours = state.last.deal?.colours ?? state.last.colours?.colours ?? {};
  const colourOf = (seat) => COLOURS.find((c) => colours[c]?.includes(seat)) ?? null;
  const tops = state.last.starter?.tops ?? {};
  const piles = state.last.crib?.piles;
  const battle = state.last.battle;
  const seats = state.hands.map((_, seat) =>
    page.seatRow(
      state,
      seat,
      colourOf(seat) ? h("span", { class: `ne-colour colour-${colourOf(seat)}` }, colourOf(seat)) : null,
    ),
  );
  const decks = COLOURS.map((colour) =>
    h(
      "section",
      { class: `ne-deck deck-${colour}`, "aria-label": `The ${colour} deck` },
      h(
        "header",
        {},
        h("span", { class: `ne-colour colour-${colour}` }, colour),
        h("span", { class: "ne-team" }, (colours[colour] ?? []).map((s) => page.names[s]).join(" & ") || "—"),
      ),
      h(
        "div",
        { class: "ne-deck-body" },
        h(
          "div",
          { class: "ne-top" },
          tops[colour] ? cardView(tops[colour], { small: true, extra: "starter" }) : h("span", { class: "ne-empty" }, "—"),
          h("small", {}, `${colour} Top`),
        ),
        h(
          "div",
          { class: "ne-pile" },
          h("small", {}, `${colour} crib pile`),
          piles
            ? h("span", { class: "fan" }, piles[colour].map((c) => cardView(c, { small: true })))
            : h("span", { class: "ne-pile-count" }, "face down"),
        ),
      ),
    ),
  );
  const count = h(
    "div",
    { class: "count-area" },
    h("div", { class: "count" }, h("span", {}, "Count"), h("strong", {}, String(state.count))),
    h(
      "div",
      { class: "count-cards" },
      state.countCards.map((p) => h("span", { class: "count-card" }, cardView(p.card))),
    ),
  );
  const fight = battle
    ? h(
        "p",
        { class: "ne-battle-line", "data-testid": "replay-battle" },
        `Battle for the crib: ${battle.totals.map((n, seat) => `${page.names[seat]} ${n}`).join(", ")}`,
        battle.winner === null || battle.winner === undefined
          ? " — a tie: each team keeps its own pile"
          : ` — ${page.names[battle.winner]} wins the crib`,
      )
    : null;
  const shown = state.shown.length
    ? h(
        "div",
        { class: "show-area" },
        state.shown.map((s) =>
          h(
            "div",
            { class: "shown" },
            h(
              "div",
              { class: "shown-head" },
              h("span", {}, s.crib ? `${page.names[s.seat]}'s crib` : `${page.names[s.seat]}'s hand`),
              h("strong", { class: "shown-points" }, String(s.points)),
            ),
            h("div", { class: "shown-cards" }, s.cards.map((c) => cardView(c, { small: true }))),
          ),
        ),
      )
    : null;
  return [
    h("div", { class: "opponents replay-seats" }, seats),
    h("div", { class: "ne-decks" }, decks),
    h("div", { class: "middle" }, count, fight),
    shown,
    page.outcome(state),
  ];
}
