// Telling players it is their turn while they look at another tab: the tab's title is marked
// for as long as it is, and a chime sounds when it becomes so (the sound setting, on by default).

import { t } from "./i18n.js";
import { chime } from "./sound.js";

let plainTitle = null;

export function signalTurn(mine, wasMine, settings) {
  plainTitle ??= document.title;
  document.title = mine ? t("ui.title.your_turn", { title: plainTitle }) : plainTitle;
  if (mine && !wasMine && settings.sound) chime();
}
