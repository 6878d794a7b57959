// The boot script: built apart from the app as one small classic script (vite.config.ts, appBoot)
// and loaded async from the top of index.html's head. On / it takes the first feed page the server
// wrote into the page, or else requests it, and paints its first poster (decisions 093, 094, 183);
// on every page it starts the app's entry once the first screen has painted: on / the poster, on a
// product page the server's picture (decision 162), elsewhere the splash (decision 096).
import { startFirstFeedPage } from "../features/feed/api/first-page-prefetch.ts";
import { afterFirstScreen, imageSettled, readEntryAssets, startEntry } from "./boot-entry.ts";

const dataset = (document.currentScript as HTMLScriptElement | null)?.dataset;
const assets = readEntryAssets(dataset);
const feedPoster = window.location.pathname === "/" ? startFirstFeedPage() : null;
if (assets) {
  // The feed screen's chunk and its imports, otherwise requested only once the entry has run and routed.
  if (feedPoster && dataset?.feedPreload) assets.preloads.push(...dataset.feedPreload.split(" ").filter(Boolean));
  void afterFirstScreen(() => feedPoster ?? imageSettled(document.getElementById("boot-picture") as HTMLImageElement | null)).then(() => startEntry(assets));
}
