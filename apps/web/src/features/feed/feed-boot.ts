// The boot script: built apart from the app as one small classic script (vite.config.ts, feedBoot)
// and loaded async from the top of index.html's head, so it runs while the app's entry downloads.
import { startFirstFeedPage } from "./api/first-page-prefetch.ts";

if (window.location.pathname === "/") {
  // The feed screen's chunk, otherwise requested only once the entry has run and routed.
  const feedChunk = document.currentScript?.dataset.feedChunk;
  if (feedChunk) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = feedChunk;
    document.head.append(link);
  }
  startFirstFeedPage();
}
