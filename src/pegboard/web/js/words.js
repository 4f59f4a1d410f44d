// Plain words for what a newcomer meets: each table option as a sentence, the bot levels,
// the keyboard at the table and the three powers of "Cribbage is not Enough".

/** Option name -> the label a person reads (the game's own help text says the rest). */
export const OPTION_LABELS = {
  score_target: "Points to win",
  turn_time: "Seconds for each move",
  skip_empty: "Pass for me when I have no cards left",
  skip_pass: "Pass for me when I cannot play a card",
  skip_only_move: "Play for me when there is only one thing to do",
  pre_show: "Pause before the hands are counted",
  post_show: "Pause after the count, before the next hand",
  teams: "Play in two teams (partners sit opposite)",
  dealer: "Who deals each hand",
  counting: "Who counts the points",
  end: "How the game ends",
  deals: "Number of deals",
  minutes: "Minutes to play",
};

/** Each ending (option `end`) and the option that sets how long its game is. */
export const ENDING_FIELDS = { target: "score_target", deals: "deals", minutes: "minutes" };

/** Choice values in words. */
export const CHOICE_LABELS = {
  counting: { auto: "counted for everyone", manual: "each player counts (Muggins)" },
  dealer: { random: "drawn every hand", rotate: "passed to the left" },
  end: { target: "at the target score", deals: "after a number of deals", minutes: "after a time" },
};

export function optionLabel(name) {
  return OPTION_LABELS[name] ?? name.replace(/_/g, " ");
}

export function choiceLabel(name, value) {
  return CHOICE_LABELS[name]?.[value] ?? String(value);
}

/** The bots as levels first; the research bots after them, under "more". */
export const BOT_LEVELS = [
  ["easy", "Easy bot"],
  ["medium", "Medium bot"],
  ["expert", "Expert bot"],
  ["master", "Master bot"],
];
export const MORE_BOTS = {
  random: "plays any legal card",
  greedy: "takes points now",
  hoyle: "by the book",
  learned: "a trained baseline: 2 players, where a policy was trained",
};
export const DEFAULT_BOT = "medium";

/** The keys at the table, as the help lists them. */
export const KEYS = [
  ["1 – 9", "pick the 1st to 9th card of your hand (select it, or play it)"],
  ["Tab / Shift+Tab", "move between the cards and buttons"],
  ["Enter or Space", "press the card or button that has the focus"],
  ["Page Up / Page Down", "scroll the game log once it has the focus"],
];

/** The three powers on a court card, with the short names on the chips. */
export const POWER_WORDS = [
  ["Int", "Intel", "the other team shows this many cards of their hands"],
  ["Mgt", "Might", "dice rolled in the battle for the crib"],
  ["Mag", "Magic", "cards your team may swap for new ones; decides who may rob the cradle"],
];
