// The turn clock: counts down to this seat's deadline (or the table's), corrected by the
// server-clock offset; and the time left of a game against the clock.

import { h } from "./dom.js";

export class TurnClock {
  constructor(serverNow) {
    this.serverNow = serverNow; // () => seconds on the server's clock
    this.deadline = null;
    this.total = 20;
    this.element = h(
      "span",
      { class: "clock", role: "timer", "aria-live": "off", hidden: true },
      h("span", { class: "clock-text" }),
      h("span", { class: "clock-bar" }, h("span", { class: "clock-fill" })),
    );
    // The time left of a game against the clock (Cribist end=minutes), shown by the scores.
    this.ends = null;
    this.timeLeft = h("span", { class: "time-left", "data-testid": "time-left" });
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** When the agreed time of the game is over, in server seconds (null: not such a game). */
  setEnds(ends) {
    this.ends = ends ?? null;
    this.tick();
  }

  /** `deadline` in server seconds (null: no clock); `total` the whole period, for the bar. */
  set(deadline, total) {
    this.deadline = deadline;
    this.total = Math.max(total, 1);
    this.tick();
  }

  remaining() {
    return this.deadline === null ? null : Math.max(0, this.deadline - this.serverNow());
  }

  tick() {
    if (this.ends !== null) {
      const total = Math.max(0, Math.ceil(this.ends - this.serverNow()));
      const seconds = String(total % 60).padStart(2, "0");
      this.timeLeft.textContent = `${Math.floor(total / 60)}:${seconds} left`;
    }
    const left = this.remaining();
    this.element.hidden = left === null;
    if (left === null) return;
    this.element.querySelector(".clock-text").textContent = `${Math.ceil(left)}s`;
    const fraction = Math.min(1, left / this.total);
    this.element.style.setProperty("--left", fraction.toFixed(3));
    this.element.classList.toggle("urgent", left < 5);
  }

  stop() {
    clearInterval(this.timer);
  }
}
