import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { WatchVideo } from "@reelmart/core/api/catalog";
import type { ErrorBody } from "@reelmart/core/api/errors";
import type { FeedPage } from "@reelmart/core/api/feed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../testing/eventually.ts";
import { listenWithFastLane } from "../../testing/lane-server.ts";
import { makeTestVideo } from "../../testing/media-sources.ts";
import { type OwnerShop, createOwnerProduct, getOwnerProduct, openOwnerShop, photo, saveOwnerProduct, uploadProductMedia } from "../../testing/owner-shop.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

// Decision 209: an upload is never titled with its file's name; a media item without a title of
// its own goes by its product's title, and the owner renames it (product editor, media library),
// which shoppers' answers follow, held ones included.

const here = path.dirname(fileURLToPath(import.meta.url));

describe("media titles", () => {
  let server: TestServer;
  let lane: Awaited<ReturnType<typeof listenWithFastLane>>;
  let shop: OwnerShop;
  let shopper: TestUser;
  let dir: string;
  let productId: string;
  let videoId: string;
  let imageId: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-media-titles-"));
    copyFileSync(path.resolve(here, "../../../../web/index.html"), path.join(dir, "index.html"));
    // The caches and the fast lane on, as a shop runs.
    server = await startTestServer({ STATIC_DIR: dir }, { readModel: true });
    lane = await listenWithFastLane(server);
    shop = await openOwnerShop(server, lane.base);
    shopper = await signUpUser(server);
    productId = (await createOwnerProduct(shop, { title: "Walnut stool", price: "3499.00" })).id;
    const clip = readFileSync(await makeTestVideo(dir, "clip.mp4", { width: 320, height: 568, seconds: 1 }));
    videoId = await uploadProductMedia(shop, productId, { bytes: clip, name: "clip.mp4", type: "video/mp4" });
    imageId = await uploadProductMedia(shop, productId, { bytes: await photo("#6b4a2b"), name: "IMG_2041.png", type: "image/png" });
  }, 60_000);
  afterAll(async () => {
    await lane?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const rename = <T>(user: TestUser, id: string, body: unknown) =>
    server.json<T>(`/api/admin/media/${id}`, { method: "PATCH", headers: { ...user.headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  /** The titles shoppers get for the video: the watch page's answer, the feed card's, and the watch page's <title>. */
  async function shownTitles() {
    const watch = (await (await fetch(`${lane.base}/api/videos/${videoId}`)).json()) as WatchVideo;
    const feed = (await (await fetch(`${lane.base}/api/feed?marketplaceId=${shop.marketplaceId}&seed=titles`)).json()) as FeedPage;
    const page = await (await fetch(`${lane.base}/v/${videoId}`)).text();
    return {
      watch: watch.media.title,
      feed: feed.items.find((item) => item.id === productId)?.media.find((media) => media.id === videoId)?.title,
      page: /<title>([^<]*)<\/title>/.exec(page)?.[1],
    };
  }
  async function expectShown(title: string | null) {
    const expected = { watch: title, feed: title, page: `${title ?? "Walnut stool"} | Reelmart` };
    const settled = eventually(async () => JSON.stringify(await shownTitles()) === JSON.stringify(expected), `never showed ${title}`);
    await settled.catch(() => undefined); // swallowed: the comparison below fails with what each answer shows instead
    expect(await shownTitles()).toEqual(expected);
  }

  it("does not title an upload with its file's name: it goes by its product's title", async () => {
    const media = (await getOwnerProduct(shop, productId)).media;
    expect(media.map((item) => [item.id, item.status, item.title])).toEqual([
      [videoId, "ready", null],
      [imageId, "ready", null],
    ]);
    await expectShown(null);
    expect(await (await fetch(`${lane.base}/v/${videoId}`)).text()).not.toContain("clip.mp4");
  });

  it("renames from the media library and from the product editor, and held answers follow", { timeout: 30_000 }, async () => {
    await expectShown(null);
    const renamed = await rename(shop.admin, videoId, { title: "  The stool, unboxed " });
    expect(renamed).toEqual({ status: 200, body: { id: videoId, productId, title: "The stool, unboxed", category: "product" } });
    await expectShown("The stool, unboxed");

    const saved = await saveOwnerProduct(shop, productId, (product) => ({
      media: product.media.map(({ id, title, category, isMain, isCover, displayOnLandingPage, displayOnProfilePage }) => ({
        id,
        title: id === videoId ? "The stool in the workshop" : title,
        category,
        isMain,
        isCover,
        displayOnLandingPage,
        displayOnProfilePage,
      })),
    }));
    expect(saved.media.map((item) => item.title)).toEqual(["The stool in the workshop", null]);
    await expectShown("The stool in the workshop");

    // Cleared, it goes by the product's title again.
    expect((await rename(shop.admin, videoId, { title: null })).status).toBe(200);
    await expectShown(null);
  });

  it("refuses an empty or too long title in words, and lets only an admin rename media that exist", async () => {
    const empty = await rename<ErrorBody>(shop.admin, imageId, { title: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ field: "title", message: expect.stringMatching(/Title can't be empty$/) });
    const long = await rename<ErrorBody>(shop.admin, imageId, { title: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ field: "title", message: expect.stringMatching(/Title can be at most 200 characters$/) });
    const editor = await server.json<ErrorBody>(`/api/admin/products/${productId}`, {
      method: "PUT",
      headers: { ...shop.admin.headers, "content-type": "application/json" },
      body: JSON.stringify({ ...(await getOwnerProduct(shop, productId)), media: [{ id: imageId, title: "", category: "product", isMain: false, isCover: false, displayOnLandingPage: true, displayOnProfilePage: true }] }),
    });
    expect(editor.status).toBe(400);
    expect(editor.body.error).toMatchObject({ field: "media.0.title", message: expect.stringMatching(/Title can't be empty$/) });

    expect((await rename(shopper, imageId, { title: "Mine now" })).status).toBe(403);
    expect((await rename(shop.admin, crypto.randomUUID(), { title: "Nothing" })).status).toBe(404);
    expect((await getOwnerProduct(shop, productId)).media.find((item) => item.id === imageId)?.title).toBeNull();
  });

  it("is described in /api/openapi.json", async () => {
    type Operation = { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, unknown> };
    const { body } = await server.json<{ paths: Record<string, Record<string, Operation>> }>("/api/openapi.json");
    const patch = body.paths["/api/admin/media/{id}"]?.patch;
    expect(Object.keys(patch?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404"]));
    expect(JSON.stringify(patch?.requestBody)).toContain("null to show the product's title instead");
  });
});
