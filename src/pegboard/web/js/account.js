// The account dialog: a guest makes an account (keeping their player, seats and games) or logs
// in; an account changes its display name or password, or logs out. Every name is shown as
// text (h() never reads markup).

import { h, render, toast } from "./dom.js";
import { account, currentPlayer } from "./player.js";

/** A labelled input: `field("claim-username", "Username", {autocomplete: "username"})`. */
function field(id, label, attrs = {}, help = null) {
  const helpId = help ? `${id}-help` : null;
  return h(
    "p",
    { class: "account-field" },
    h("label", { for: id }, label),
    h("input", { id, name: id, required: true, "aria-describedby": helpId, ...attrs }),
    help ? h("span", { id: helpId, class: "hint" }, help) : null,
  );
}

/** A form whose errors are said under it; `submit(values)` may throw to say one. */
function accountForm(key, title, fields, button, submit) {
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h(
    "form",
    {
      class: "account-form",
      "data-form": key,
      "aria-labelledby": `${key}-title`,
      onSubmit: async (event) => {
        event.preventDefault();
        const values = Object.fromEntries(new FormData(form));
        const pressed = form.querySelector("button[type=submit]");
        pressed.disabled = true;
        error.textContent = "";
        try {
          await submit(values, form);
        } catch (failure) {
          error.textContent = failure.message;
        } finally {
          pressed.disabled = false;
        }
      },
    },
    h("h3", { id: `${key}-title` }, title),
    fields,
    error,
    h("button", { type: "submit", class: "primary", "data-key": key }, button),
  );
  return form;
}

export class AccountDialog {
  constructor() {
    this.body = h("div", { class: "account-body" });
    this.element = h(
      "dialog",
      { class: "account-dialog", "aria-labelledby": "account-title" },
      h(
        "div",
        { class: "account-head" },
        h("h2", { id: "account-title" }, "Your account"),
        h(
          "button",
          {
            type: "button",
            class: "quiet",
            "data-key": "account-close",
            onClick: () => this.close(),
          },
          "Close",
        ),
      ),
      this.body,
    );
  }

  async open() {
    this.draw(await currentPlayer());
    if (!this.element.open) this.element.showModal();
    this.element.querySelector("input")?.focus();
  }

  close() {
    this.element.close();
  }

  draw(player) {
    render(this.body, player?.kind === "account" ? this.signedIn(player) : this.guest(player));
  }

  guest(player) {
    const done = (made) => {
      this.close();
      toast(`Signed in as ${made.username}`, "info");
    };
    const claim = accountForm(
      "claim",
      "Make an account",
      [
        field(
          "claim-username",
          "Username",
          { autocomplete: "username", minlength: 3, maxlength: 24 },
          "3 to 24 letters or digits; - _ . too",
        ),
        field(
          "claim-password",
          "Password",
          { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 128 },
          "at least 8 characters",
        ),
      ],
      "Make my account",
      async (v) => done(await account.claim(v["claim-username"], v["claim-password"])),
    );
    const login = accountForm(
      "login",
      "Have an account? Log in",
      [
        field("login-username", "Username", { autocomplete: "username", maxlength: 64 }),
        field("login-password", "Password", {
          type: "password",
          autocomplete: "current-password",
          maxlength: 128,
        }),
      ],
      "Log in",
      async (v) => done(await account.login(v["login-username"], v["login-password"])),
    );
    return [
      h(
        "p",
        {},
        player
          ? ["You play as the guest ", h("strong", { class: "player-name" }, player.name), ". "]
          : null,
        "Make an account to keep your name, your seats and your games on every device.",
      ),
      // A guest is here to keep what they have; a new visitor more likely has an account.
      player ? [claim, login] : [login, claim],
    ];
  }

  signedIn(player) {
    return [
      h(
        "p",
        { class: "account-who" },
        "Signed in as ",
        h("strong", { class: "player-name" }, player.name),
        " (username ",
        h("strong", { class: "player-username" }, player.username),
        ")",
      ),
      accountForm(
        "rename",
        "Display name",
        [field("account-name", "Name at the table", { value: player.name, maxlength: 32 })],
        "Save name",
        async (v) => {
          const renamed = await account.name(v["account-name"]);
          this.draw(renamed);
          toast("Name saved", "info");
        },
      ),
      accountForm(
        "password",
        "Change the password",
        [
          field("account-current", "Current password", {
            type: "password",
            autocomplete: "current-password",
            maxlength: 128,
          }),
          field("account-new", "New password", {
            type: "password",
            autocomplete: "new-password",
            minlength: 8,
            maxlength: 128,
          }),
        ],
        "Change password",
        async (v, form) => {
          await account.password(v["account-current"], v["account-new"]);
          form.reset();
          toast("Password changed: your other devices are signed out", "info");
        },
      ),
      h(
        "p",
        { class: "account-out" },
        h(
          "button",
          {
            type: "button",
            "data-key": "logout",
            onClick: async () => {
              try {
                await account.logout();
                this.close();
                toast("Logged out", "info");
              } catch (failure) {
                toast(failure.message);
              }
            },
          },
          "Log out",
        ),
        h("span", { class: "hint" }, "This device forgets your name and seats."),
      ),
    ];
  }
}
