// The app's entry is not in index.html's head: the boot script (boot.ts) starts it once the page's
// first screen has painted (decision 096). Lighthouse's simulation of a phone on a slow network
// counts every script requested before a paint as holding that paint back, and the entry with its
// module preloads (about 120 KB gzip) used to start from the head: first and largest paint waited
// on them in the simulation although the splash, the feed's boot poster and the product pages'
// server picture paint from the HTML alone.

/** The entry and its static imports, as the build names them on the boot script (data-entry, data-preload). */
export interface EntryAssets {
  entry: string;
  preloads: string[];
}

export function readEntryAssets(dataset: DOMStringMap | undefined): EntryAssets | null {
  if (!dataset?.entry) return null;
  return { entry: dataset.entry, preloads: (dataset.preload ?? "").split(" ").filter(Boolean) };
}

/** Module-preloads the entry's imports and runs the entry, as the tags the build used to write in the head would. */
export function startEntry({ entry, preloads }: EntryAssets): void {
  for (const href of preloads) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = entry;
  document.head.append(script);
}

/** The longest the entry waits for the first screen's picture (a slow or failing one must not hold the app back). */
export const ENTRY_WAIT_MS = 1000;

/**
 * Settles once the document is parsed, `picture` has settled (or `ENTRY_WAIT_MS` have passed since
 * the document was parsed) and a frame has painted. A hidden page paints nothing: it does not wait.
 */
export function afterFirstScreen(picture: () => Promise<unknown>): Promise<void> {
  const parsed =
    document.readyState === "loading" ? new Promise<void>((resolve) => document.addEventListener("DOMContentLoaded", () => resolve(), { once: true })) : Promise.resolve();
  return parsed
    .then(() => Promise.race([picture(), new Promise((resolve) => setTimeout(resolve, ENTRY_WAIT_MS))]))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (document.visibilityState === "hidden") return resolve();
          // A frame callback runs just before a paint; a task queued from it runs after that paint.
          requestAnimationFrame(() => setTimeout(resolve));
          // Hidden meanwhile: frames stop, so the paint is not waited for.
          document.addEventListener("visibilitychange", () => resolve(), { once: true });
        }),
    );
}

/** Settles when the image has loaded or failed; at once when there is none or it is already complete. */
export function imageSettled(image: HTMLImageElement | null): Promise<void> {
  if (!image || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener("load", () => resolve(), { once: true });
    image.addEventListener("error", () => resolve(), { once: true });
  });
}
