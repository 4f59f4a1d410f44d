// The table's chat (docs/protocol.md, "Table chat"): the messages, a line to write one, the
// quick phrases, and a mute beside each other player's name. A mute is the player's, kept by
// the server: it hides the same person at every table, in replays, on every device (docs/
// protocol.md, "Mutes and blocks"). Everything anyone wrote goes into the page as text only. Beside the game on a wide screen; on a phone, a drawer behind a button
// with a count of unread messages, so that it never crowds the cards.

import { h, plural, render, toast } from "./dom.js";
import { silenced, socialApi } from "./social.js";

/** The quick phrases: the server's keys (pegboard.server.tables.chat.PHRASES) and their words. */
export const PHRASES = [
  ["hello", "Hello"],
  ["good-luck", "Good luck"],
  ["nice-hand", "Nice hand"],
  ["well-played", "Well played"],
  ["thanks", "Thanks"],
  ["oops", "Oops"],
  ["good-game", "Good game"],
];

const LENGTH = 200; // characters a message may have (the server counts them once cleaned)
const WIDE = "(min-width: 900px)"; // where the chat sits beside the game (app.css)

/** Who wrote a message: their player (a mute kept by the server), or, for someone who was
 * not signed in, their seat at this table (a mute kept in this browser for the table). */
const writer = (message) => message.player ?? `seat:${message.slot}`;
const seatMuteKey = (tableId) => `pegboard.muted.${tableId}`;

function seatMutes(tableId) {
  try {
    const kept = JSON.parse(localStorage.getItem(seatMuteKey(tableId)) ?? "[]");
    return Array.isArray(kept) ? kept.filter(Number.isInteger).map((s) => `seat:${s}`) : [];
  } catch {
    return [];
  }
}

export class ChatPanel {
  /** `say(text)` and `phrase(key)` send a message; each returns false when offline. */
  constructor(tableId, { say, phrase }) {
    this.tableId = tableId;
    this.say = say;
    this.phrase = phrase;
    this.muted = new Set(seatMutes(tableId)); // writers (see `writer`) whose chat is hidden
    silenced().then((ids) => {
      for (const id of ids) this.muted.add(id);
      this.refresh();
    });
    this.open = false; // the drawer, on a narrow screen
    this.seen = 0; // the number of the last message on show while the chat was open
    this.drawn = "";
    this.wide = window.matchMedia(WIDE);
    this.onWide = () => this.refresh();
    this.wide.addEventListener("change", this.onWide);

    this.badge = h("span", { class: "chat-badge", "data-testid": "chat-unread" });
    this.toggle = h(
      "button",
      {
        type: "button",
        class: "chat-toggle",
        "aria-controls": "chat-panel",
        "aria-expanded": "false",
        "data-key": "chat-toggle",
        onClick: () => this.setOpen(!this.open),
      },
      "Chat",
      this.badge,
    );
    this.list = h("ol", { class: "chat-list" });
    // A log: screen readers say each new message. Focusable, so the keyboard can scroll it.
    this.scroller = h(
      "div",
      { class: "chat-scroll", role: "log", "aria-label": "Chat messages", tabindex: 0 },
      this.list,
    );
    this.mutes = h("div", { class: "chat-mutes" });
    this.input = h("input", {
      id: "chat-input",
      name: "text",
      maxlength: LENGTH,
      autocomplete: "off",
      placeholder: "Say something…",
      "aria-describedby": "chat-note",
    });
    this.form = h(
      "form",
      { class: "chat-form", onSubmit: (event) => this.send(event) },
      h("label", { for: "chat-input", class: "sr-only" }, "Chat message"),
      this.input,
      (this.sendButton = h("button", { type: "submit", "data-key": "chat-send" }, "Send")),
    );
    this.phrases = h(
      "div",
      { class: "chat-phrases", role: "group", "aria-label": "Quick phrases" },
      PHRASES.map(([key, words]) =>
        h(
          "button",
          {
            type: "button",
            class: "chat-phrase",
            "data-key": `phrase-${key}`,
            onClick: () => this.sent(this.phrase(key)),
          },
          words,
        ),
      ),
    );
    this.note = h("p", { id: "chat-note", class: "chat-note", "aria-live": "polite" });
    this.panel = h(
      "section",
      { id: "chat-panel", class: "chat", "aria-labelledby": "chat-title" },
      h(
        "div",
        { class: "chat-head" },
        h("h2", { id: "chat-title" }, "Chat"),
        h(
          "button",
          {
            type: "button",
            class: "quiet icon chat-close",
            "aria-label": "Close the chat",
            onClick: () => this.setOpen(false),
          },
          "×",
        ),
      ),
      this.scroller,
      this.mutes,
      this.phrases,
      this.form,
      this.note,
    );
    this.element = h("div", { class: "chat-dock", hidden: true }, this.toggle, this.panel);
    this.panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.open) this.setOpen(false); // the drawer closes
    });
  }

  destroy() {
    this.wide.removeEventListener("change", this.onWide);
  }

  /** Draw the chat as the socket's `state` has it (called on every change of the table). */
  update(state) {
    this.state = state;
    this.refresh();
  }

  refresh() {
    const { table, slot, chat = [] } = this.state ?? {};
    const seated = slot !== null && slot !== undefined;
    // People watching read the chat only where the host lets people watch.
    this.element.hidden = !table || (!seated && !table.watching);
    if (this.element.hidden) return;
    const phrasesOnly = table.chat === "phrases";
    // Partners may not pass card information: while a hand is in play the game says
    // table_talk "phrases" (docs/rules.md, "Cribbage is not Enough": table talk), and the server refuses free text.
    const partnersHand = this.state.view?.table_talk === "phrases";
    this.form.hidden = !seated || phrasesOnly;
    this.input.disabled = partnersHand;
    this.sendButton.disabled = partnersHand;
    this.input.placeholder = partnersHand ? "Phrases only" : "Say something…";
    this.phrases.hidden = !seated;
    this.note.textContent = !seated
      ? "You are watching: the players write here, you read."
      : phrasesOnly
        ? "Quick phrases only at this table."
        : partnersHand
          ? "Partners may not talk about their cards: quick phrases only while a hand is " +
            "in play. Free text returns between hands."
          : "";
    this.note.hidden = !this.note.textContent;
    this.drawList(chat, slot);
    const showing = this.open || this.wide.matches;
    const last = chat.at(-1)?.n ?? 0;
    if (showing) this.seen = last;
    const unread = chat.filter(
      (m) => m.n > this.seen && m.slot !== slot && !this.muted.has(writer(m)),
    ).length;
    this.badge.textContent = unread ? String(unread) : "";
    this.badge.hidden = !unread;
    this.toggle.setAttribute(
      "aria-label",
      unread ? `Chat, ${plural(unread, "unread message")}` : "Chat",
    );
    this.toggle.setAttribute("aria-expanded", String(this.open));
    this.element.classList.toggle("open", this.open);
  }

  /** The messages (muted players' hidden, with a count), redrawn only when they changed. */
  drawList(chat, slot) {
    const key = `${slot}/${chat.length}/${chat.at(-1)?.n}/${[...this.muted].join()}`;
    if (key === this.drawn) return;
    this.drawn = key;
    const atBottom =
      this.scroller.scrollHeight - this.scroller.scrollTop - this.scroller.clientHeight < 40;
    const shown = chat.filter((m) => !this.muted.has(writer(m)));
    render(
      this.list,
      shown.map((m) => this.line(m, slot)),
      chat.length ? null : h("li", { class: "chat-empty" }, "No messages yet."),
    );
    // The muted people who wrote here (or sit here), each with how much of theirs is hidden.
    const hidden = new Map();
    for (const m of chat)
      if (this.muted.has(writer(m)))
        hidden.set(writer(m), {
          name: m.name,
          slot: m.slot,
          count: (hidden.get(writer(m))?.count ?? 0) + 1,
        });
    for (const [i, seat] of (this.state?.table?.slots ?? []).entries()) {
      const who = seat?.player ?? `seat:${i}`;
      if (seat && i !== slot && this.muted.has(who) && !hidden.has(who))
        hidden.set(who, { name: seat.name, slot: i, count: 0 });
    }
    render(
      this.mutes,
      [...hidden].map(([who, { name, slot: seat, count }]) =>
        h(
          "p",
          { class: "chat-muted", "data-testid": "chat-muted" },
          `${name} is muted${count ? ` (${plural(count, "message")} hidden)` : ""}`,
          h(
            "button",
            {
              type: "button",
              class: "quiet icon",
              "data-key": `unmute-${seat}`,
              "aria-label": `Unmute ${name}`,
              onClick: () => this.setMuted(who, false, seat),
            },
            "Unmute",
          ),
        ),
      ),
    );
    if (atBottom) this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  line(message, slot) {
    const own = message.slot === slot;
    return h(
      "li",
      { class: `chat-line ${own ? "own" : ""} ${message.phrase ? "phrase" : ""}` },
      h("span", { class: "chat-name" }, own ? "You" : message.name),
      own
        ? null
        : h(
            "button",
            {
              type: "button",
              class: "quiet icon chat-mute",
              "data-key": `mute-${message.slot}`,
              "aria-label": `Mute ${message.name}`,
              onClick: () => this.setMuted(writer(message), true, message.slot),
            },
            "Mute",
          ),
      h("span", { class: "chat-text", "data-testid": "chat-text" }, message.text),
    );
  }

  /** Mute or unmute a writer: a player on the server (every table, every device), else a
   * seat of this table in this browser. */
  async setMuted(who, muted, seat) {
    if (muted) this.muted.add(who);
    else this.muted.delete(who);
    if (who.startsWith("seat:")) {
      const seats = [...this.muted].filter((w) => w.startsWith("seat:"));
      localStorage.setItem(seatMuteKey(this.tableId), JSON.stringify(seats.map((w) => +w.slice(5))));
    } else {
      await socialApi.set("mute", who, muted).catch((error) => toast(error.message));
    }
    this.drawn = "";
    this.refresh();
    // Keep the keyboard where it was: on the unmute button, or back on the messages.
    const next = muted ? this.mutes.querySelector(`[data-key="unmute-${seat}"]`) : this.scroller;
    next?.focus({ preventScroll: true });
  }

  setOpen(open) {
    this.open = open;
    this.refresh();
    if (open && !this.wide.matches) (this.form.hidden ? this.scroller : this.input).focus();
    else if (!open) this.toggle.focus();
  }

  send(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (this.sent(this.say(text))) this.input.value = "";
  }

  sent(ok) {
    if (!ok) toast("Reconnecting: the message was not sent");
    return ok;
  }
}

/**
 * The chat of a replay: every message of the match, each shown from its moment on (`version`:
 * how many of the match's events had happened when it was said), but for those of the people
 * the viewer mutes or blocks (`muted`: their player ids).
 */
export function replayChat(said, muted = new Set()) {
  const messages = said.filter((m) => !muted.has(writer(m)));
  const hidden = said.length - messages.length;
  const items = messages.map((m) =>
    h(
      "li",
      { class: `chat-line ${m.phrase ? "phrase" : ""}`, dataset: { version: String(m.version) } },
      h("span", { class: "chat-name" }, m.name),
      h("span", { class: "chat-text", "data-testid": "chat-text" }, m.text),
    ),
  );
  const list = h("ol", { class: "chat-list", "aria-label": "Chat messages" }, items);
  const empty = h("li", { class: "chat-empty" }, "Nothing said yet.");
  list.append(empty);
  const note = hidden
    ? h(
        "p",
        { class: "chat-muted", "data-testid": "replay-chat-muted" },
        `${plural(hidden, "message")} of people you mute hidden`,
      )
    : null;
  return {
    element: said.length ? h("div", {}, list, note) : null,
    /** Show what had been said after `step` events. */
    show(step) {
      let any = false;
      for (const item of items) {
        item.hidden = Number(item.dataset.version) > step;
        any ||= !item.hidden;
      }
      empty.hidden = any;
    },
  };
}
