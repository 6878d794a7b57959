import { type Server, createServer } from "node:http";
import { type APIRequestContext, expect, test } from "@playwright/test";

// The shoppable embed (issue 18 item 4, decision 165), as a brand uses it: its own page, on another
// site, pastes the script snippet; the frame plays the brand's videos, and the shopper's browser
// talks to nobody but the store (and the brand's own page) and keeps no cookie.

const PORT = Number(process.env.E2E_PORT ?? 3100);
// localhost and 127.0.0.1 are different sites, so the frame is third-party as on a real brand's site.
const HOST_ORIGIN = `http://localhost:${PORT + 1}`;

interface FeedItem {
  brand: { id: string; name: string } | null;
  media: { type: string; status: string }[];
}

/** A brand with at least one ready video, found through the feed (which lists only ready videos). */
async function brandWithVideos(request: APIRequestContext): Promise<{ id: string; name: string }> {
  let brand: { id: string; name: string } | null = null;
  // A fresh server encodes its demo videos after it starts listening; they become ready one by one.
  await expect
    .poll(
      async () => {
        const response = await request.get("/api/feed?limit=20");
        const items = response.ok() ? ((await response.json()) as { items: FeedItem[] }).items : [];
        brand = items.find((item) => item.brand && item.media.some((media) => media.type === "video" && media.status === "ready"))?.brand ?? null;
        return brand;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .not.toBeNull();
  return brand!;
}

function serveHostPage(html: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url !== "/") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  return new Promise((resolve) => server.listen(PORT + 1, "localhost", () => resolve(server)));
}

/** The brand's own page, with the script snippet for its videos. */
const hostPage = (store: string, brand: { id: string; name: string }) =>
  `<!doctype html><html><head><title>${brand.name} official site</title></head><body><h1>Our videos</h1>` +
  `<script async src="${store}/embed.js"></script><reelmart-videos brand="${brand.id}" layout="carousel"></reelmart-videos></body></html>`;

test("a brand's page on another site plays its videos through the snippet, talking only to the store", async ({ page, baseURL }) => {
  const store = new URL(baseURL!).origin;
  const brand = await brandWithVideos(page.request);
  const host = await serveHostPage(hostPage(store, brand));
  try {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${HOST_ORIGIN}/`);

    const frameElement = page.locator("reelmart-videos iframe");
    await expect(frameElement).toHaveAttribute("src", `${store}/embed/brand/${brand.id}?layout=carousel`);
    const frame = frameElement.contentFrame();
    await expect(frame.locator("video").first()).toBeVisible();
    // One video plays (the first one in view; how many are in view depends on the brand), muted: its clock moves.
    const playing = () =>
      frame.locator("video").evaluateAll((videos: HTMLVideoElement[]) => videos.filter((video) => video.muted && !video.paused && video.currentTime > 0).length);
    await expect.poll(playing, { timeout: 20_000 }).toBe(1);
    const shop = frame.locator("a.card").first();
    await expect(shop).toHaveAttribute("target", "_blank");
    expect(new URL((await shop.getAttribute("href"))!, store).pathname).toMatch(/^\/product-profile\//);

    const elsewhere = requested.filter((url) => !url.startsWith(`${store}/`) && !url.startsWith(`${HOST_ORIGIN}/`));
    expect(elsewhere).toEqual([]);
    expect(requested.some((url) => url.startsWith(`${store}/media/`))).toBe(true);
    // Nothing set a cookie: not the script, not the frame, not the video.
    expect(await page.context().cookies()).toEqual([]);
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("nothing plays by itself; the shopper gets the player's controls", async ({ page, baseURL }) => {
    const store = new URL(baseURL!).origin;
    const host = await serveHostPage(hostPage(store, await brandWithVideos(page.request)));
    try {
      await page.goto(`${HOST_ORIGIN}/`);
      const videos = page.locator("reelmart-videos iframe").contentFrame().locator("video");
      await expect(videos.first()).toHaveJSProperty("controls", true);
      // Long enough for a muted autoplay to have started had the frame asked for one.
      await page.waitForTimeout(1500);
      expect(await videos.evaluateAll((list: HTMLVideoElement[]) => list.filter((video) => !video.paused || video.currentTime > 0).length)).toBe(0);
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });
});
