// The table after each event of a record (full information): for the replay viewer.

function blank(players) {
  return {
    hand: 0,
    dealer: null,
    hands: Array.from({ length: players }, () => []),
    played: [], // [{seat, card}] this hand
    crib: [],
    starter: null,
    count: 0,
    countCards: [], // [{seat, card}] in the current count
    shown: [], // [{seat, cards, crib, items: [], points}]
    scores: Array(players).fill(0),
    before: Array(players).fill(0),
    trick: [], // [{seat, card}] (Cribist)
    trump: null,
    tricksWon: Array(players).fill(0),
    lastTrick: null,
    outcome: null,
    last: {}, // the last event of each type this hand, for what only one game draws
  };
}

const without = (cards, gone) => cards.filter((c) => !gone.includes(c));

/** Apply one event to a copy of `state`. */
export function step(state, event) {
  const next = structuredClone(state);
  switch (event.type) {
    case "deal":
      Object.assign(next, blank(state.scores.length), {
        scores: next.scores,
        before: next.before,
        hand: event.hand,
        dealer: event.dealer,
        hands: event.hands.map((cards) => [...(cards ?? [])]),
        crib: [...(event.crib ?? [])],
      });
      break;
    case "discard":
      next.hands[event.seat] = without(next.hands[event.seat], event.cards ?? []);
      next.crib.push(...(event.cards ?? []));
      break;
    case "starter":
      next.starter = event.card ?? null;
      break;
    case "play":
      next.hands[event.seat] = without(next.hands[event.seat], [event.card]);
      next.played.push({ seat: event.seat, card: event.card });
      if (event.count !== undefined) {
        next.count = event.count;
        next.countCards.push({ seat: event.seat, card: event.card });
      } else {
        if (!next.trump) next.trump = event.card.at(-1);
        next.trick.push({ seat: event.seat, card: event.card });
      }
      break;
    case "reset":
      next.count = 0;
      next.countCards = [];
      break;
    case "trick":
      next.tricksWon[event.winner] += 1;
      next.lastTrick = event;
      next.trick = [];
      break;
    case "show":
      next.shown.push({
        seat: event.seat,
        cards: event.cards,
        crib: event.crib,
        items: [],
        points: 0,
      });
      break;
    case "score":
      event.scores.forEach((score, seat) => {
        if (score !== next.scores[seat]) {
          next.before[seat] = next.scores[seat];
          next.scores[seat] = score;
        }
      });
      if (next.shown.length && next.shown.at(-1).seat === event.seat) {
        next.shown.at(-1).items.push(...event.items);
        next.shown.at(-1).points += event.points;
      }
      break;
    case "end":
      next.outcome = event;
      break;
    default:
      break;
  }
  next.last[event.type] = event;
  return next;
}

/** states[i]: the table after the first i events. */
export function replayStates(record) {
  const states = [blank(record.players)];
  for (const event of record.events) states.push(step(states.at(-1), event));
  return states;
}
