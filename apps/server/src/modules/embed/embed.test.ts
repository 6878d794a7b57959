import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { OEmbed } from "@reelmart/core/api/embed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";

const ORIGIN = "http://localhost:3000";
const anonymous: Record<string, string> = {}; // a frame from a brand's page brings no store cookie

describe("shoppable embed", () => {
  let server: TestServer;
  let brandId: string;
  let productId: string;
  let videoId: string;
  let imageOnlyProductId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.deps.database;
    const brand = await createBrand(db, { name: "Embed <Brand>" });
    brandId = brand.id;
    const product = await createProduct(db, { brand_id: brand.id, title: "Trail Shoe", price: "2000.00", discount_percentage: "10" });
    productId = product.id;
    videoId = (await createMedia(db, product.id, { title: "Trail run" })).id;
    await createMedia(db, product.id, { status: "processing" });
    await createMedia(db, product.id, { type: "image" });
    const archived = await createProduct(db, { brand_id: brand.id, status: "archived", title: "Old Shoe" });
    await createMedia(db, archived.id);
    imageOnlyProductId = (await createProduct(db, { brand_id: brand.id, title: "Plain Sock" })).id;
    await createMedia(db, imageOnlyProductId, { type: "image" });
  });
  afterAll(() => server.close());

  const page = (path: string, headers: Record<string, string> = anonymous) => server.request(path, { headers });

  it("renders a brand's ready videos with a shoppable card each, as a carousel or a feed, without the app", async () => {
    const response = await page(`/embed/brand/${brandId}?layout=feed`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('<body class="feed">');
    expect(html.match(/<video /g)).toHaveLength(1); // the processing video, the archived product's and the images are left out
    // The rendition the feed picks on an unknown network: 480p or the best below (the 405x720 one here).
    expect(html).toMatch(/<video src="\/media\/videos\/[^"]+\/720\.mp4" poster="\/media\/videos\/[^"]+\/poster\.jpg" muted playsinline/);
    expect(html).not.toMatch(/autoplay/);
    expect(html).toContain(`href="/product-profile/${productId}?media=${videoId}" target="_blank" rel="noopener"`);
    expect(html).toContain("Trail Shoe");
    expect(html).toContain("₹1,800.00"); // the discounted price, as the store charges it
    expect(html).toContain("Embed &lt;Brand&gt;");
    expect(html).not.toContain("Old Shoe");
    // Only the embed's own script, from this origin; no module script of the React app, nothing from elsewhere.
    expect([...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script src="/embed-frame.js" defer>']);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    expect((await (await page(`/embed/brand/${brandId}`)).text())).toContain('<body class="carousel">');
  });

  it("renders one product's videos and one video; unknown, archived or image ids are a 404 page; a bad layout a 400 naming it", async () => {
    expect(await (await page(`/embed/product/${productId}`)).text()).toContain("Trail Shoe");
    const single = await (await page(`/embed/v/${videoId}`)).text();
    expect(single).toContain('aria-label="Trail run"');
    expect(single).toContain('<body class="feed">');
    const empty = await page(`/embed/product/${imageOnlyProductId}`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("No videos yet");
    for (const path of [`/embed/v/${productId}`, "/embed/brand/00000000-0000-4000-8000-000000000000", "/embed/product/not-a-uuid", "/embed/other/x", "/embed/"]) {
      expect((await page(path)).status, path).toBe(404);
    }
    const bad = await page(`/embed/brand/${brandId}?layout=grid`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("layout");
  });

  it("lets any site frame exactly the /embed/ pages; everything else stays unframeable", async () => {
    for (const path of [`/embed/brand/${brandId}`, `/embed/v/${videoId}`, "/embed/nothing-here"]) {
      const response = await page(path);
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors *");
      expect(response.headers.get("content-security-policy"), path).toMatch(/script-src 'self'(;|$)/);
      expect(response.headers.get("x-frame-options"), path).toBeNull();
    }
    for (const path of ["/", "/embed", "/embedded/x", "/api/oembed", "/api/products", "/product/x", "/admin"]) {
      const response = await page(path);
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("sets no cookie on the embed pages or oEmbed, even for a signed-in shopper", async () => {
    const user = await signUpUser(server);
    const paths = [`/embed/brand/${brandId}`, `/embed/product/${productId}`, `/embed/v/${videoId}`, `/embed/missing`, `/api/oembed?url=${encodeURIComponent(`${ORIGIN}/v/${videoId}`)}`];
    for (const path of paths) {
      expect((await page(path)).headers.get("set-cookie"), path).toBeNull();
      expect((await page(path, user.headers)).headers.get("set-cookie"), path).toBeNull();
    }
  });

  it("answers oEmbed for a video, product or brand URL of the store", async () => {
    const oembed = (url: string, extra = "") => server.json<OEmbed>(`/api/oembed?url=${encodeURIComponent(url)}&format=json${extra}`);
    for (const url of [`${ORIGIN}/v/${videoId}`, `${ORIGIN}/product-profile/${productId}?media=${videoId}`, `${ORIGIN}/embed/v/${videoId}`]) {
      const { status, body } = await oembed(url);
      expect(status, url).toBe(200);
      expect(body).toMatchObject({
        version: "1.0",
        type: "video",
        title: "Trail run",
        author_name: "Embed <Brand>",
        author_url: `${ORIGIN}/brand-shop/${brandId}`,
        provider_name: "Reelmart",
        provider_url: ORIGIN,
        width: 360,
        height: 640,
        thumbnail_width: 405,
        thumbnail_height: 720,
      });
      expect(body.thumbnail_url).toMatch(new RegExp(`^${ORIGIN}/media/videos/.+/poster\\.jpg$`));
      expect(body.html).toBe(
        `<iframe src="${ORIGIN}/embed/v/${videoId}" width="360" height="640" title="Trail run" style="border:0;max-width:100%" loading="lazy" allow="autoplay; fullscreen; picture-in-picture"></iframe>`,
      );
    }
    const product = await oembed(`${ORIGIN}/product/${productId}`, "&maxwidth=320");
    expect(product.body).toMatchObject({ type: "rich", title: "Trail Shoe", width: 320, height: 260 });
    expect(product.body.html).toContain(`src="${ORIGIN}/embed/product/${productId}?layout=carousel" width="320" height="260"`);
    const brand = await oembed(`${ORIGIN}/brand-shop/${brandId}`, "&maxheight=320");
    expect(brand.body).toMatchObject({ type: "rich", title: "Embed <Brand>", width: 393, height: 320 });
    const feed = await oembed(`${ORIGIN}/embed/brand/${brandId}?layout=feed`);
    expect(feed.body.html).toContain(`/embed/brand/${brandId}?layout=feed" width="360" height="640"`);
  });

  it("404s URLs that name nothing here, 400s bad input naming the field, 501s format=xml", async () => {
    const ask = (query: string) => server.json<{ error: { code: string; field?: string } }>(`/api/oembed?${query}`);
    for (const url of [`https://elsewhere.example/v/${videoId}`, `${ORIGIN}/v/${productId}`, `${ORIGIN}/checkout`, `${ORIGIN}/product/not-a-uuid`, `${ORIGIN}/product/${productId}/extra`]) {
      const { status, body } = await ask(`url=${encodeURIComponent(url)}`);
      expect(status, url).toBe(404);
      expect(body.error.field).toBe("url");
    }
    for (const [query, field] of [
      ["", "url"],
      ["url=not%20a%20url", "url"],
      [`url=${encodeURIComponent("javascript:alert(1)")}`, "url"],
      [`url=${encodeURIComponent(`${ORIGIN}/v/${videoId}`)}&format=yaml`, "format"],
      [`url=${encodeURIComponent(`${ORIGIN}/v/${videoId}`)}&maxwidth=wide`, "maxwidth"],
      [`url=${encodeURIComponent(`${ORIGIN}/v/${videoId}`)}&maxheight=0`, "maxheight"],
    ] as const) {
      const { status, body } = await ask(query);
      expect(status, query).toBe(400);
      expect(body.error).toMatchObject({ code: "bad_request", field });
    }
    const xml = await ask(`url=${encodeURIComponent(`${ORIGIN}/v/${videoId}`)}&format=xml`);
    expect(xml.status).toBe(501);
    expect(xml.body.error).toMatchObject({ code: "not_implemented", field: "format" });
  });

  it("is in the OpenAPI document", async () => {
    const { body } = await server.json<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>("/api/openapi.json");
    expect(Object.keys(body.paths["/api/oembed"]?.get?.responses ?? {}).sort()).toEqual(["200", "400", "404", "501"]);
  });
});

describe("embed scripts", () => {
  // Served as they are from the web app's public folder: the size a brand's visitors download.
  it.each(["embed.js", "embed-frame.js"])("%s stays under 15 KB gzipped", (name) => {
    const source = readFileSync(new URL(`../../../../web/public/${name}`, import.meta.url));
    expect(gzipSync(source).byteLength).toBeLessThanOrEqual(15 * 1024);
  });
});
