// The router: #/ the lobby, #/table/ID a table, #/replay/TABLE/MATCH a finished game (and
// #/replay/TABLE/MATCH/review: opened on its review),
// #/rules/GAME how to play, #/play quick play, #/leaderboard/GROUP a rating group's best
// (#/rules and #/leaderboard alone: the first game or group the server lists),
// #/player/ID (or #/me) a player's profile, #/daily the daily challenge, #/tournaments the
// tournaments, #/tournament/ID one. A table's link may carry the key of an unlisted
// table (#/table/ID?invite=KEY): it is remembered for that table.

import { memory } from "./api.js";
import { challengeNotices } from "./challenges.js";
import { DailyPage } from "./daily.js";
import { LeaderboardPage } from "./leaderboard.js";
import { LobbyPage } from "./lobby.js";
import { QuickPlayPage } from "./quickplay.js";
import { ProfilePage } from "./profile.js";
import { ReplayPage } from "./replay.js";
import { RulesPage } from "./rules.js";
import { TablePage } from "./table.js";
import { TournamentPage } from "./tournament.js";
import { TournamentsPage } from "./tournaments.js";

const root = document.getElementById("app");
let page = null;

function route() {
  page?.destroy();
  document.title = "pegboard"; // each page names itself; none keeps the last page's name
  const [path, query = ""] = location.hash.replace(/^#\/?/, "/").split("?");
  const [, kind, id, match, mode] = path.split("/");
  const invite = new URLSearchParams(query).get("invite");
  if (invite && id && (kind === "table" || kind === "replay"))
    memory.setInvite(decodeURIComponent(id), invite);
  if (kind === "table" && id) page = new TablePage(root, decodeURIComponent(id));
  else if (kind === "rules") page = new RulesPage(root, id ? decodeURIComponent(id) : null);
  else if (kind === "replay" && id && match)
    page = new ReplayPage(root, decodeURIComponent(id), match, mode);
  else if (kind === "play") page = new QuickPlayPage(root);
  else if (kind === "daily") page = new DailyPage(root);
  else if (kind === "leaderboard") page = new LeaderboardPage(root, id && decodeURIComponent(id));
  else if (kind === "player" && id) page = new ProfilePage(root, decodeURIComponent(id));
  else if (kind === "me") page = new ProfilePage(root, null);
  else if (kind === "tournaments") page = new TournamentsPage(root);
  else if (kind === "tournament" && id) page = new TournamentPage(root, decodeURIComponent(id));
  else page = new LobbyPage(root);
  window.scrollTo(0, 0);
}

// The page on show, for the browser console and the browser tests.
window.pegboard = {
  get page() {
    return page;
  },
};

window.addEventListener("hashchange", route);
route();
challengeNotices.start(); // challenges to answer, and answers to one's own, on every page
