// The replay viewer: a finished game's record, stepped through event by event with
// buttons, a slider or the arrow keys; every hand is face up (the game is over).

import { api } from "./api.js";
import { Board } from "./board.js";
import { cardView } from "./cards.js";
import { replayChat } from "./chat.js";
import { h, render, s, toast } from "./dom.js";
import { gameModule } from "./games.js";
import { ratingsFrame } from "./leaderboard.js";
import { matchStrip } from "./match-score.js";
import { logItem, Narrator } from "./narrate.js";
import { replayStates } from "./replay-state.js";
import { resultsTable, sidesOf } from "./results.js";
import { ReviewPanel } from "./review.js";
import { swatch } from "./seats.js";
import { silenced } from "./social.js";

/** A small stroked-and-filled SVG icon from one path (`open`: stroked only, a chevron). */
function icon(path, open = false) {
  return s(
    "svg",
    { viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true", class: open ? "open" : "" },
    s("path", { d: path }),
  );
}

// One step is a chevron; playing is the filled triangle, with its word beside it: the two
// never look alike (they did: both were a triangle).
const STEP_BACK = "M15 5l-7 7 7 7";
const STEP_ON = "M9 5l7 7-7 7";

const AUTO_STEP = 1000; // ms between steps when the replay plays by itself
const REVIEW_RETRY = 2000; // ms between asks while the game's review is being made
const REVIEW_TRIES = 15;
const PLAY = "M7 5l12 7-12 7z";
const PAUSE = "M7 5h3v14H7zM14 5h3v14h-3z";

export class ReplayPage {
  constructor(root, tableId, match, mode = "") {
    this.root = root;
    this.tableId = tableId;
    this.match = match;
    this.mode = mode; // "review": open on the game's review
    this.index = 0;
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    root.replaceChildren(
      h("div", { class: "replay-page" }, h("p", { class: "notice" }, "Loading the record…")),
    );
    this.load();
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.playing);
    clearTimeout(this.reviewTimer);
    this.gone = true;
  }

  /** The game's review, when it is ready (asked again a few times while it is being made). */
  async loadReview(tries = REVIEW_TRIES) {
    let review = null;
    try {
      review = await api.review(this.tableId, this.match);
    } catch {
      render(this.reviewSlot, null); // not ours to see, or none: the replay alone
      return;
    }
    if (this.gone) return;
    if (review.status === "queued") {
      render(
        this.reviewSlot,
        h("p", { class: "notice review-wait" }, tries > 0 ? "The review is being made…" : "The review is not ready yet: come back shortly."),
      );
      if (tries > 0) this.reviewTimer = setTimeout(() => this.loadReview(tries - 1), REVIEW_RETRY);
      return;
    }
    const you = this.record.you ?? null; // the viewer's seat, if they played: their chance
    this.reviewPanel = new ReviewPanel(review, this.names, this.teams, (step) => this.go(step), you);
    this.reviewPanel.decorate(this.lines);
    render(this.reviewSlot, this.reviewPanel.element);
    this.go(this.index);
    if (this.mode === "review") this.reviewSlot.scrollIntoView({ block: "start" });
  }

  /** The play button's face: its icon and its word (Play, or Pause while playing). */
  playFace() {
    const word = this.playing ? "Pause" : "Play";
    return [icon(this.playing ? PAUSE : PLAY), h("span", { class: "icon-word" }, word)];
  }

  /** Auto-play: a step every second until the end, or until paused. */
  togglePlay() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = 0;
    } else {
      if (this.index >= this.states.length - 1) this.go(0);
      this.playing = setInterval(() => {
        this.go(this.index + 1);
        if (this.index >= this.states.length - 1) this.togglePlay();
      }, AUTO_STEP);
    }
    this.playButton.setAttribute("aria-pressed", String(Boolean(this.playing)));
    this.playButton.setAttribute("aria-label", this.playing ? "Pause" : "Play");
    this.playButton.title = this.playing ? "Pause" : "Play";
    this.playButton.replaceChildren(...this.playFace());
  }

  async load() {
    try {
      let games;
      [this.record, this.said, games, this.muted] = await Promise.all([
        api.record(this.tableId, this.match),
        // The chat is for those who could read it at the table: none for the others.
        api.recordChat(this.tableId, this.match).catch(() => []),
        api.games(),
        silenced(), // the people whose chat this player does not read
      ]);
      this.spec = games.find((g) => g.name === this.record.game);
      this.game = await gameModule(this.spec ?? this.record.game);
    } catch (error) {
      if (this.gone) return;
      toast(error.message);
      this.missing(error.message);
      return;
    }
    if (this.gone) return; // the reader went on to another page meanwhile
    const record = this.record;
    this.states = replayStates(record);
    this.names = record.seats.map((seat) => seat.name);
    this.teams = Boolean(record.options?.teams);
    this.sides = sidesOf({ players: record.players, teams: record.sides ?? this.teams });
    const narrator = new Narrator(this.names, null, this.game?.words);
    this.lines = record.events.map((event, i) => {
      const line = narrator.line(event);
      if (!line) return null;
      const item = logItem(line);
      item.dataset.step = String(i + 1);
      item.addEventListener("click", () => this.go(i + 1));
      return item;
    });
    this.build();
    this.go(this.states.length - 1 > 0 ? 1 : 0);
    this.loadReview();
    this.offerTable();
  }

  /** The way to the table, while it is open (a match going on, its results): a closed one
   * only says it is closed, so a finished table gets no link. */
  async offerTable() {
    const table = await api.table(this.tableId).catch(() => null);
    if (this.gone) return;
    this.tableLink.dataset.tableStatus = table?.status ?? "unknown"; // what the link went by
    if (!table || table.status === "finished") return;
    render(
      this.tableLink,
      h(
        "a",
        { href: `#/table/${this.tableId}`, class: "button quiet", "data-key": "replay-table" },
        "Table",
      ),
    );
  }

  /** No game to replay: the page says so in the site's frame, with the way out. */
  missing(why) {
    ratingsFrame(
      this.root,
      "Replay",
      h(
        "main",
        { class: "ratings-body", id: "main" },
        h(
          "section",
          { class: "panel", "data-testid": "no-replay" },
          h("h2", {}, "No replay to show"),
          // why: the server's reason (no such game, or a private table's), as a sentence
          h("p", {}, `${why.charAt(0).toUpperCase()}${why.slice(1)}.`),
          h("a", { class: "button primary", href: "#/" }, "To the lobby"),
        ),
      ),
    );
    document.title = "No replay · pegboard";
  }

  build() {
    const record = this.record;
    const title = `Replay: ${this.spec?.title ?? record.game}`;
    document.title = `${title}, game ${this.match} · pegboard`;
    const lanes = this.sides.map((seats) => ({
      name: seats.map((seat) => this.names[seat]).join(" & "),
      seats,
    }));
    const target = record.options?.score_target;
    const hasTarget = target && (record.options?.end ?? "target") === "target";
    this.board = hasTarget ? new Board(Number(target), lanes) : null;
    this.lanes = lanes;
    this.slider = h("input", {
      type: "range",
      min: 0,
      max: this.states.length - 1,
      value: 0,
      "aria-label": "Step",
      onInput: (e) => this.go(Number(e.target.value)),
    });
    this.position = h("span", { class: "step-count", "data-testid": "step" });
    this.current = h("p", { class: "current-event", "aria-live": "polite" });
    this.table = h("div", { class: "felt replay" });
    this.decision = h("div", { class: "review-decision-slot", "aria-live": "polite" });
    this.reviewSlot = h("div", { class: "review-slot", id: "review" });
    this.chat = replayChat(this.said ?? [], this.muted);
    this.logList = h("ol", { class: "log-list" }, this.lines.filter(Boolean));
    const button = (label, icon, onClick, key) =>
      h(
        "button",
        {
          type: "button",
          class: "icon-button",
          "aria-label": label,
          title: label,
          "data-key": key,
          onClick,
        },
        icon,
      );
    render(
      this.root,
      h(
        "div",
        { class: "replay-page table-page" },
        h(
          "header",
          { class: "topbar" },
          h("a", { href: "#/", class: "brand" }, h("span", { class: "brand-peg" }), "pegboard"),
          h(
            "div",
            { class: "title" },
            h(
              "h1",
              { class: "page-title" },
              title,
            ),
            h("span", { class: "status" }, `game ${this.match}`),
          ),
          (this.tableLink = h("div", { class: "top-actions" })),
        ),
        record.match ? this.matchNav(record.match.score) : null,
        h(
          "main",
          { class: "table-body" },
          h(
            "div",
            { class: "table-main" },
            h("section", { class: "board-slot" }, this.board ? this.board.element : null),
            h(
              "nav",
              { class: "replay-controls", "aria-label": "Replay controls" },
              button("First", icon("M6 5v14M19 5l-10 7 10 7z"), () => this.go(0), "first"),
              button("Previous", icon(STEP_BACK, true), () => this.go(this.index - 1), "prev"),
              this.slider,
              button("Next", icon(STEP_ON, true), () => this.go(this.index + 1), "next"),
              (this.playButton = button("Play", this.playFace(), () => this.togglePlay(), "play")),
              button(
                "Last",
                icon("M18 5v14M5 5l10 7-10 7z"),
                () => this.go(this.states.length - 1),
                "last",
              ),
              this.position,
            ),
            this.current,
            this.decision,
            this.table,
          ),
          h(
            "aside",
            { class: "log" },
            this.reviewSlot,
            h("h2", {}, "Events"),
            h("div", { class: "log-scroll", tabindex: 0 }, this.logList),
            this.chat.element
              ? h(
                  "section",
                  { class: "replay-chat", "aria-labelledby": "replay-chat-title" },
                  h("h2", { id: "replay-chat-title" }, "Chat"),
                  h("div", { class: "chat-scroll", tabindex: 0 }, this.chat.element),
                )
              : null,
          ),
        ),
      ),
    );
  }

  /** A game of a match of several: the match after it, and the way to its other games. */
  matchNav(play) {
    const number = play.results.length; // this game's place in the match
    const here = Number(this.match);
    const link = (match, label, key) =>
      h(
        "a",
        { href: `#/replay/${this.tableId}/${match}`, class: "button quiet", "data-key": key },
        label,
      );
    return h(
      "nav",
      { class: "match-nav", "aria-label": "Games of the match" },
      matchStrip(play, this.names, true),
      h(
        "p",
        { class: "match-steps" },
        number > 1 ? link(here - 1, `← Game ${number - 1}`, "match-prev") : null,
        ` Game ${number} of the match `,
        play.decided ? null : link(here + 1, `Game ${number + 1} →`, "match-next"),
      ),
    );
  }

  key(event) {
    if (!this.states || event.target.closest?.("input, select, textarea")) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
    if (event.key in moves) this.go(this.index + moves[event.key]);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(this.states.length - 1);
    else return;
    event.preventDefault();
  }

  go(index) {
    this.index = Math.max(0, Math.min(index, this.states.length - 1));
    const state = this.states[this.index];
    this.slider.value = String(this.index);
    this.position.textContent = `${this.index} / ${this.states.length - 1}`;
    const event = this.record.events[this.index - 1];
    const line = this.lines[this.index - 1];
    render(
      this.current,
      line
        ? [...line.childNodes].map((n) => n.cloneNode(true))
        : event
          ? `(${event.type})`
          : "The game begins",
    );
    for (const item of this.logList.children) item.classList.toggle("current", item === line);
    // Scroll the log itself, never the page: the table and its controls stay where they are.
    if (line) {
      const log = this.logList.parentElement;
      const top = line.offsetTop - log.offsetTop;
      if (top < log.scrollTop || top + line.offsetHeight > log.scrollTop + log.clientHeight)
        log.scrollTop = top - log.clientHeight / 2;
    }
    if (this.board) {
      const pick = (list) => this.lanes.map((lane) => list[lane.seats[0]]);
      this.board.update(pick(state.scores), pick(state.before));
    }
    render(this.table, this.game.replay(this, state));
    this.chat.show(this.index); // what had been said by this step
    render(this.decision, this.reviewPanel?.decisionAt(this.index) ?? null);
  }

  seatRow(state, seat, extra) {
    const view = { teams: this.teams };
    return h(
      "div",
      { class: `seat-panel replay-seat ${state.dealer === seat ? "dealing" : ""}` },
      h(
        "div",
        { class: "seat-head" },
        swatch(view, seat),
        h("span", { class: "seat-name" }, this.names[seat]),
        state.dealer === seat ? h("span", { class: "badge dealer" }, "dealer") : null,
        extra,
        h("strong", { class: "seat-score" }, String(state.scores[seat])),
      ),
      h(
        "div",
        { class: "seat-cards" },
        state.hands[seat].length
          ? state.hands[seat].map((c) => cardView(c, { small: true }))
          : h("span", { class: "no-cards" }, "no cards"),
      ),
    );
  }

  outcome(state) {
    if (!state.outcome) return null;
    return h(
      "section",
      { class: "panel results inline" },
      h("h2", {}, "Result"),
      resultsTable(state.outcome, this.names, this.sides),
    );
  }
}
