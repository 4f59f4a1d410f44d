// The table page: connection, header, waiting room, board, log and results; the game
// itself (cards, play area, actions) is drawn by the game's module.

import { api, memory } from "./api.js";
import { Board, pegHistory, teamPegColours } from "./board.js";
import { TurnClock } from "./clock.js";
import { withSymbols } from "./cards.js";
import { ChatPanel } from "./chat.js";
import { ClosedTable } from "./closed-table.js";
import { h, render, toast } from "./dom.js";
import { gameModule } from "./games.js";
import { guideMemory } from "./guide.js";
import { FairDeals } from "./fair-panel.js";
import { matchStrip } from "./match-score.js";
import { clockMove, logItem, Narrator } from "./narrate.js";
import { seatFromElsewhere } from "./player.js";
import { resultsPanel, sidesOf } from "./results.js";
import { howToPlay } from "./rules.js";
import { TableSocket } from "./socket.js";
import { waitingRoom } from "./waiting.js";

export class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.ui = {
      selected: new Set(),
      claim: { cards: new Set(), items: [] },
      hint: false, // the discard hint panel is open
      key: "",
    };
    this.header = h("header", { class: "topbar" });
    this.boardSlot = h("section", { class: "board-slot", "aria-label": "Scores" });
    this.matchSlot = h("div", { class: "match-slot" });
    this.main = h("section", { class: "game" });
    this.announcer = h("p", { class: "sr-only", "aria-live": "polite" }); // says each new prompt
    this.logList = h("ol", { class: "log-list" });
    this.log = h(
      "aside",
      { class: "log", "aria-label": "Game log" },
      h("h2", {}, "Log"),
      // Focusable, so the keyboard can scroll it (arrows, Page Up / Page Down).
      h(
        "div",
        {
          class: "log-scroll",
          tabindex: 0,
          // Follow new lines until the player scrolls up to read; back at the foot, follow again.
          onScroll: (event) => {
            const box = event.target;
            this.logFollows = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
          },
        },
        this.logList,
      ),
    );
    this.logFollows = true;
    // The log's box changes size as the page around it does (the chat grows, the side column
    // settles): a log that follows stays at its last line.
    if (globalThis.ResizeObserver) new ResizeObserver(() => this.followLog()).observe(this.log);
    this.overlay = h("div", { class: "overlay-slot" });
    this.closedTable = new ClosedTable(this);
    this.fair = new FairDeals((message) => this.socket.send(message));
    this.fair.element.hidden = true; // until the game's spec says it deals by chance
    this.chat = new ChatPanel(tableId, {
      say: (text) => this.socket.say(text),
      phrase: (key) => this.socket.phrase(key),
    });
    root.replaceChildren(
      h(
        "div",
        { class: "table-page" },
        this.header,
        h(
          "main",
          { class: "table-body" },
          h(
            "div",
            { class: "table-main" },
            this.matchSlot,
            this.boardSlot,
            this.main,
            this.announcer,
          ),
          h("div", { class: "table-side" }, this.fair.element, this.log, this.chat.element),
        ),
        this.overlay,
      ),
    );
    const token = memory.token(tableId);
    this.connect(token);
    if (!token) this.seatFromElsewhere();
    this.clock = new TurnClock(() => this.socket.serverNow());
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    this.render();
  }

  connect(token) {
    this.socket?.close();
    this.socket = new TableSocket(this.tableId, token, {
      onChange: () => this.render(),
      onError: (message, code) => this.error(message, code),
      onFair: (message, state) => this.fair.receive(message, state),
    });
  }

  /** A signed-in player with a seat here taken on another device: the seat, here too. */
  async seatFromElsewhere() {
    const token = await seatFromElsewhere(this.tableId);
    if (!token || this.destroyed || this.socket.token) return;
    this.connect(token);
    this.render();
    toast("Your seat, from your other device", "info");
  }

  destroy() {
    this.destroyed = true;
    this.socket.close();
    this.clock.stop();
    this.chat.destroy();
    document.removeEventListener("keydown", this.onKey);
  }

  // -- what the game modules use ------------------------------------------------------------

  get state() {
    return this.socket.state;
  }

  get view() {
    return this.socket.state.view;
  }

  /** Per seat: the name to show ("You" for this browser's seat is left to the narrator). */
  get names() {
    return (this.view?.seats ?? []).map((seat) => seat.name);
  }

  act(action) {
    if (!this.socket.act(action))
      toast("Reconnecting: your move will be sent when we are back", "info");
  }

  /** The game's client module once loaded; until then null, and the page draws itself again
   * when it comes (the server names each game's module: GET /api/games). */
  gameFor(name) {
    if (this.game?.name === name) return this.game.module;
    if (this.loadingGame !== name) {
      this.loadingGame = name;
      api
        .games()
        .then((games) => {
          const spec = games.find((g) => g.name === name);
          return gameModule(spec ?? name).then((module) => ({ module, spec }));
        })
        .then(({ module, spec }) => {
          this.game = { name, module, spec };
          // Only a game dealt by chance has deals to check (its spec's `chance`).
          this.fair.element.hidden = !spec?.chance;
          this.rerender();
        })
        .catch((error) => toast(`Could not load the game: ${error.message}`));
    }
    return null;
  }

  rerender() {
    this.render();
  }

  // -- events from the socket ---------------------------------------------------------------

  error(message, code) {
    if (code === "seat" && this.socket.token) {
      memory.forget(this.tableId); // a seat from another server, or a finished table
      toast(`${message}; watching instead`);
      this.connect(null);
      return;
    }
    if (code === "private" || code === "no-watching") {
      // Not for us to see: the socket closes next, and the page says why.
      this.refusal =
        code === "private"
          ? ["This table is private", "Only its link lets you in: ask the host for it. "]
          : ["No watching at this table", "The host does not let people watch this game. "];
      return;
    }
    if (code === "seat-closed") {
      if (this.refusal?.[0] === "This table is private" && !this.askedAsPlayer) {
        this.askedAsPlayer = true;
        this.asPlayer(); // its own player sat there: the table's info is theirs to see
        return;
      }
      if (!this.state.table || this.refusal) {
        const [title, why] = this.refusal ?? ["No such table", "It may have finished long ago. "];
        this.boardSlot.replaceChildren();
        render(
          this.main,
          h(
            "section",
            { class: "panel waiting-room", "data-testid": "refused" },
            h("h2", {}, title),
            h("p", {}, why, h("a", { href: "#/" }, "Back to the lobby")),
          ),
        );
      }
      return;
    }
    if (code === "no-hints" || code === "not-now") {
      this.ui.hint = false; // no answer is coming: close the panel that waits for one
      this.render();
    }
    toast(code === "stale" ? "Too late: the game moved on" : withSymbols(message));
  }

  /** A private table's socket needs its link or a seat token; a signed-in player who sat
   * there has neither once it has closed, but may see it: its info, as the REST gate allows. */
  async asPlayer() {
    try {
      const table = await api.table(this.tableId);
      if (this.destroyed || this.socket.token) return;
      if (table.status !== "finished") return; // open: seatFromElsewhere brings their seat
      this.refusal = null;
      this.socket.state.table = table;
      this.render();
    } catch {
      this.error("This table is private", "seat-closed"); // not theirs: say so
    }
  }

  key(event) {
    if (event.target.closest?.("input, select, textarea")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const digit = Number.parseInt(event.key, 10);
    if (digit >= 1 && digit <= 9) {
      const cards = this.main.querySelectorAll(".hand .button-card");
      const card = cards[digit - 1];
      if (card && !card.disabled) {
        card.focus();
        card.click();
        event.preventDefault();
      }
    }
  }

  // -- drawing ------------------------------------------------------------------------------

  render() {
    const { table, view } = this.state;
    document.title = `${table ? `${table.title} table` : "Table"} · pegboard`;
    this.renderHeader(table);
    this.chat.update(this.state);
    if (!table) {
      render(this.main, h("p", { class: "notice" }, "Connecting…"));
      return;
    }
    this.resetUi(view);
    this.clock.set(this.deadline(table), this.clockTotal(view, table));
    this.clock.setEnds(table.ends);
    const play = table.match_play;
    render(this.matchSlot, play ? matchStrip(play, this.names, Boolean(view?.outcome)) : null);
    if (!view) {
      this.boardSlot.replaceChildren();
      const closed = table.status === "finished";
      render(this.main, closed ? this.closedTable.show(table) : waitingRoom(this, table));
      this.renderLog();
      render(this.overlay);
      return;
    }
    if (view.outcome && this.state.seat !== null && this.state.seat !== undefined)
      guideMemory.noteFinished(view.game); // no longer a first game of this kind: unguided now
    this.renderBoard(view);
    this.main.dataset.version = String(this.state.version); // tests wait for it to move on
    const game = this.gameFor(view.game);
    render(this.main, game ? game.table(this) : h("p", { class: "notice" }, "Setting the table…"));
    const notice = this.timedOutNotice();
    if (notice) this.main.querySelector(".prompt")?.before(notice);
    const said = this.main.querySelector(".prompt > span")?.textContent ?? "";
    const prompt = notice ? `${notice.textContent}. ${said}` : said;
    if (prompt !== this.announcer.textContent) this.announcer.textContent = prompt;
    this.renderLog();
    render(this.overlay, view.outcome ? resultsPanel(this) : null);
  }

  /** Selections belong to one decision: forget them when the hand, phase or count changes. */
  resetUi(view) {
    const key = view
      ? `${this.state.table.match}/${view.hand_number}/${view.phase}/${view.played?.length}/${view.counting?.claimant}/${view.counting?.claimed}/${view.counting?.cards?.join()}`
      : "";
    if (key !== this.ui.key) {
      this.ui.key = key;
      this.ui.selected = new Set();
      this.ui.claim = { cards: new Set(), items: [] };
      this.ui.hint = false;
    }
  }

  /** This seat's own deadline while it is to act; otherwise the table's (the next one). */
  deadline(table) {
    const seat = this.state.seat;
    const own = seat === null || seat === undefined ? null : table.deadlines?.[seat];
    return own ?? table.deadline;
  }

  /**
   * "Time ran out: 10♥ was played for you", above the prompt, until this seat's next own move:
   * the move the clock made for it (the events it brought are marked auto).
   */
  timedOutNotice() {
    const seat = this.state.seat;
    if (seat === null || seat === undefined) return null;
    const move = clockMove(this.state.events, seat);
    if (!move) return null;
    const line = new Narrator(this.names, seat).line(move);
    if (!line) return null;
    return h(
      "p",
      { class: "auto-notice", role: "status", "data-testid": "auto-notice" },
      line.parts,
    );
  }

  clockTotal(view, table) {
    const pause =
      table.status === "results" ||
      (view && view.legal?.length === 1 && view.legal[0].type === "ready");
    const paused = pause || view?.phase === "pre-show" || view?.phase === "post-show";
    // The server's seconds of a turn and an intermission; a table it no longer plays has none.
    const lengths = table.clock_lengths ?? { turn: 1, intermission: 1 };
    return paused ? lengths.intermission : lengths.turn;
  }

  renderHeader(table) {
    // A finished table's socket is closed for good: nothing to reconnect to.
    const offline = Boolean(table) && !this.socket.connected && table.status !== "finished";
    const status = offline ? "reconnecting…" : (table?.status ?? "");
    const seat = this.state.seat;
    const leave = this.ui.leaving
      ? [
          h("span", { class: "confirm" }, "Leave this game?"),
          h(
            "button",
            {
              type: "button",
              class: "danger",
              "data-key": "leave-yes",
              onClick: () => this.leave(),
            },
            "Yes, leave",
          ),
          h(
            "button",
            {
              type: "button",
              "data-key": "leave-no",
              onClick: () => {
                this.ui.leaving = false;
                this.render();
              },
            },
            "Stay",
          ),
        ]
      : h(
          "button",
          {
            type: "button",
            class: "quiet",
            "data-key": "leave",
            onClick: () => {
              if (seat === null || !this.view || this.view.outcome) return this.leave();
              this.ui.leaving = true;
              this.render();
            },
          },
          seat === null || !this.view ? "Lobby" : "Leave",
        );
    render(
      this.header,
      h(
        "a",
        { href: "#/", class: "brand", "aria-label": "pegboard lobby" },
        h("span", { class: "brand-peg" }),
        "pegboard",
      ),
      h(
        "div",
        { class: "title" },
        h("h1", { class: "page-title" }, table?.title ?? "Table"),
        table
          ? h(
              "span",
              { class: `status status-${table.status} ${offline ? "status-alert" : ""}` },
              status,
            )
          : null,
        seat === null && this.view ? h("span", { class: "status" }, "watching") : null,
      ),
      h("div", { class: "top-actions" }, table ? howToPlay(table.game) : null, leave),
    );
  }

  /**
   * Back to the lobby. A seated player whose game has begun (playing, or on the results) sends
   * `leave` first, so that the table counts them out at once (no rematch with them) instead of
   * away until their grace runs out.
   */
  async leave() {
    const { seat, table } = this.state;
    const seated = seat !== null && Boolean(this.view) && table?.status !== "finished";
    this.ui.leaving = false;
    if (seated && !(await this.socket.leave()))
      toast("The table could not be reached: your seat will be given up shortly", "info");
    if (this.view) memory.forget(this.tableId);
    if (!this.destroyed) location.hash = "#/"; // unless the player went elsewhere meanwhile
  }

  /** The board for this match; pegs move as scores change. */
  renderBoard(view) {
    const lanes = sidesOf(view).map((seats) => ({ seats }));
    const names = lanes.map((lane) => lane.seats.map((seat) => this.displayName(seat)).join(" & "));
    // A game that ends otherwise than at a target (Cribist's end=deals or minutes) has no finish hole.
    const target = view.end !== undefined && view.end !== "target" ? null : view.target;
    // Cribbage is not Enough's sides peg in grey and blue (the colours of its first hand).
    this.pegColours = Array.isArray(view.teams)
      ? teamPegColours(this.state.events, view.teams)
      : null;
    const key = `${this.state.table.match}/${target}/${lanes.length}/${this.pegColours}`;
    if (this.boardKey !== key) {
      this.boardKey = key;
      this.board = target ? new Board(target, lanes, { colours: this.pegColours }) : null;
      this.boardSlot.replaceChildren(this.board ? this.board.element : this.scoreList());
    }
    const history = pegHistory(this.state.events, view.players);
    const turn = lanes
      .map((lane, i) => (lane.seats.some((seat) => view.to_act.includes(seat)) ? i : -1))
      .filter((i) => i >= 0);
    const pick = (list) => lanes.map((lane) => list[lane.seats[0]]);
    const now = pick(view.scores);
    const before = pick(history.before).map((b, i) =>
      history.now[lanes[i].seats[0]] === now[i] ? b : now[i],
    );
    if (this.board) this.board.update(now, before, { names, turn, order: this.laneOrder(lanes) });
    else this.boardSlot.replaceChildren(this.scoreList());
  }

  /**
   * The order the score strip lists the lanes in: the way play goes round from the player's
   * left, the player last, as the seats sit on screen (seat order for a spectator or teams).
   */
  laneOrder(lanes) {
    const me = this.state.seat;
    const order = lanes.map((_, i) => i);
    if (me === null || me === undefined || lanes.some((lane) => lane.seats.length !== 1))
      return order;
    const n = lanes.length;
    const after = (i) => (lanes[i].seats[0] - me - 1 + 2 * n) % n;
    return order.sort((a, b) => after(a) - after(b));
  }

  scoreList() {
    const view = this.view;
    return h(
      "ol",
      { class: "board-legend plain" },
      view.scores.map((score, seat) =>
        h(
          "li",
          {},
          h("span", { class: "lane-name" }, this.displayName(seat)),
          h("strong", { class: "lane-score", "data-testid": `score-${seat}` }, String(score)),
        ),
      ),
      view.end === "deals"
        ? h("li", { class: "target" }, `deal ${view.hand_number} of ${view.deals}`)
        : null,
      view.end === "minutes"
        ? h(
            "li",
            { class: "target" },
            view.time_is_up
              ? "last hand"
              : this.state.table?.ends
                ? this.clock.timeLeft
                : `${view.options?.minutes} minutes`,
          )
        : null,
    );
  }

  displayName(seat) {
    const name = this.names[seat] ?? `Seat ${seat + 1}`;
    return seat === this.state.seat ? `${name} (you)` : name;
  }

  /** Append the new events to the log (start again for a new match). */
  renderLog() {
    const events = this.state.events;
    const match = this.state.table?.match;
    if (
      !this.narrator ||
      this.logMatch !== match ||
      events.length < this.logged ||
      this.logSeat !== this.state.seat
    ) {
      this.narrator = new Narrator(this.names, this.state.seat);
      this.logMatch = match;
      this.logSeat = this.state.seat;
      this.logged = 0;
      this.logList.replaceChildren();
    }
    this.narrator.names = this.names;
    this.narrator.words = (this.view && this.gameFor(this.view.game)?.words) ?? {};
    for (const event of events.slice(this.logged)) {
      const line = this.narrator.line(event);
      if (line) this.logList.append(logItem(line));
    }
    this.logged = events.length;
    this.followLog();
  }

  /** Scroll the log to its last line, unless the player scrolled up to read. */
  followLog() {
    if (!this.logFollows) return;
    const scroller = this.logList.parentElement;
    scroller.scrollTop = scroller.scrollHeight;
  }
}
