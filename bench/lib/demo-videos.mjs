// The server encodes the demo videos in the background after it starts, which takes the CPU and
// leaves the feed without cards until the first ones are ready: browser scenarios measure once no
// new video has become ready for STABLE_MS (an encode takes seconds).
const MIN_PRODUCTS = 6;
const STABLE_MS = 20_000;
const READY_TIMEOUT_MS = 15 * 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until the feed lists enough products and its count of ready videos has not changed for STABLE_MS. */
export async function waitForDemoVideos(baseUrl) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = { videos: -1, since: Date.now() };
  while (Date.now() < deadline) {
    const { items } = await (await fetch(`${baseUrl}/api/feed?limit=50&seed=bench`)).json();
    const videos = items.reduce((sum, item) => sum + item.media.length, 0);
    if (videos !== last.videos) last = { videos, since: Date.now() };
    else if (items.length >= MIN_PRODUCTS && Date.now() - last.since >= STABLE_MS) return { products: items.length, videos };
    await sleep(1000);
  }
  throw new Error(`the demo videos were not ready within ${READY_TIMEOUT_MS / 60_000} min`);
}
