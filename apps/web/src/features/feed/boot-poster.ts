// The first card's poster, painted by the boot script as soon as the first feed page names it, so
// the page's largest paint does not wait for the app's entry to download, run and render the card
// (issue #14: on a 4x slower phone that render delay was 2 s of the 3.5 s LCP). It is a plain <img>
// in index.html's #boot-poster box, which is the card's poster box (full column width, down to the
// bottom navigation, object-fit cover), above the app and below the splash: the splash still covers
// it for its 2 s, and once it lifts the visitor sees the same picture the card shows. The app
// removes it once its own first screen has painted (FeedPage), and for good: the boot never puts it
// back afterwards. Decorative (aria-hidden, empty alt, no pointer events): the card's own poster and
// video are what assistive technology and taps reach.

const LAYER_ID = "boot-poster";

declare global {
  interface Window {
    /** Set once the app has painted its first screen (or left the feed): the boot poster is not shown after that. */
    __reelmartBootPosterDone?: true;
  }
}

/**
 * Shows `src` where the feed's first card will be, unless the app's first screen is already there.
 * Settles once the picture has loaded or failed (at once when it is not shown): the boot script
 * starts the app's entry after that paint (decision 096).
 */
export function showBootPoster(src: string): Promise<void> {
  if (window.__reelmartBootPosterDone) return Promise.resolve();
  const existing = document.getElementById(LAYER_ID) as HTMLImageElement | null;
  // The server's copy (decision 183), or an earlier call's: kept when it shows this poster.
  if (existing?.getAttribute("src") === src) return settledOrRemoved(existing);
  existing?.remove();
  const img = document.createElement("img");
  img.id = LAYER_ID;
  img.alt = "";
  img.setAttribute("aria-hidden", "true");
  img.setAttribute("fetchpriority", "high");
  img.src = src;
  if (document.body) document.body.append(img);
  else document.addEventListener("DOMContentLoaded", () => window.__reelmartBootPosterDone || document.body.append(img), { once: true });
  return settledOrRemoved(img);
}

/** Settles once `img` has loaded or failed; a broken one is removed (the card falls back to the product image) rather than shown as a broken icon. */
function settledOrRemoved(img: HTMLImageElement): Promise<void> {
  if (img.complete) {
    if (!img.naturalWidth) img.remove();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    img.addEventListener("load", () => resolve(), { once: true });
    img.addEventListener(
      "error",
      () => {
        img.remove();
        resolve();
      },
      { once: true },
    );
  });
}

/** A poster the feed will not open on (the server's, for a page the visit does not adopt): gone, and another may be shown. */
export function withdrawBootPoster(): void {
  document.getElementById(LAYER_ID)?.remove();
}

/** The app's first screen is painted, or the feed left before it: the boot poster goes and stays away. */
export function removeBootPoster(): void {
  window.__reelmartBootPosterDone = true;
  withdrawBootPoster();
}
