// The waiting room: who has sat down, the link to share, and a seat for a visitor.

import { memory } from "./api.js";
import { h, toast } from "./dom.js";
import { joinTable } from "./player.js";

/** Copy a link, or leave it selected for Ctrl+C where the clipboard is not available. */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied", "info");
  } catch {
    document.getElementById("share-link")?.select();
    toast("Press Ctrl+C to copy the link", "info");
  }
}

/** Who sits where, free seats too, with this browser's seat marked. */
export function seatList(page, table) {
  return h(
    "ol",
    { class: "slots" },
    table.slots.map((slot, i) =>
      h(
        "li",
        { class: slot ? "taken" : "free" },
        h("span", { class: "slot-number" }, `Seat ${i + 1}`),
        slot ? slot.name : "free seat",
        slot?.kind?.startsWith("bot:") ? h("span", { class: "badge" }, "bot") : null,
        slot && i === page.state.slot ? h("span", { class: "badge you" }, "you") : null,
      ),
    ),
  );
}

/** Until every seat is taken: the seats, the share link, and "take a seat" for visitors. */
export function waitingRoom(page, table) {
  const free = table.slots.filter((slot) => slot === null).length;
  // An unlisted table's link carries its key: without it nobody finds the table.
  const invite = table.listed === false ? memory.invite(table.id) : null;
  const link = `${location.origin}/#/table/${table.id}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
  const seated = page.socket.token !== null;
  const open = table.status === "waiting";
  const join = async (event) => {
    event.preventDefault();
    const name = event.target.elements.name.value.trim();
    if (name) memory.setName(name);
    try {
      const joined = await joinTable(table.id);
      page.connect(joined.token);
      page.render();
    } catch (error) {
      toast(error.message);
    }
  };
  return h(
    "section",
    { class: "panel waiting-room" },
    h("h2", {}, open ? "Waiting for players" : "The table is closed"),
    seatList(page, table),
    open
      ? h(
          "p",
          { class: "share" },
          h(
            "label",
            { for: "share-link" },
            invite
              ? "This table is not in the lobby: invite a friend with its link:"
              : "Invite a friend with this link:",
          ),
          h(
            "span",
            { class: "share-row" },
            h("input", {
              id: "share-link",
              readonly: true,
              value: link,
              onFocus: (e) => e.target.select(),
            }),
            h("button", { type: "button", "data-key": "copy", onClick: () => copy(link) }, "Copy"),
          ),
        )
      : null,
    !seated && free && open
      ? h(
          "form",
          { class: "join-form", onSubmit: join },
          h("label", { for: "join-name" }, "Your name"),
          h("input", {
            id: "join-name",
            name: "name",
            value: memory.name(),
            maxlength: 32,
            autocomplete: "nickname",
          }),
          h("button", { type: "submit", class: "primary", "data-key": "join" }, "Take a seat"),
        )
      : h(
          "p",
          { class: "notice" },
          seated && open ? `${free} more to come; the game starts when every seat is taken.` : "",
        ),
  );
}
