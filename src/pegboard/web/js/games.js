// The games this client can draw at the table, by name.

import { renderCribbage } from "./cribbage.js";
import { renderCribist } from "./cribist.js";
import { renderNotEnough } from "./not-enough.js";

export const TABLE_VIEWS = {
  cribbage: renderCribbage,
  cribist: renderCribist,
  "not-enough": renderNotEnough,
};
