import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { createBrand, createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { sitemapFiles, sitemapUrls } from "./sitemap.ts";

const ORIGIN = "https://shop.example";

let server: TestServer;
let db: Kysely<DB>;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: ORIGIN });
  db = server.deps.database.db;
});
afterAll(() => server.close());

async function text(target: string) {
  const response = await server.request(target);
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

describe("robots.txt", () => {
  it("keeps crawlers out of admin, account, cart, checkout and auth routes and names the sitemap", async () => {
    const robots = await text("/robots.txt");
    expect(robots.status).toBe(200);
    for (const path of ["/admin", "/account", "/auth", "/cart", "/checkout", "/orders", "/profile", "/saved"]) expect(robots.body).toContain(`Disallow: ${path}\n`);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // The pages the app renders from /api must stay fetchable for crawlers that run scripts.
    expect(robots.body).not.toMatch(/Disallow: \/api\/?\n/);
  });
});

describe("sitemaps", () => {
  it("list every active product, brands with one, and ready videos, with lastmod; never drafts or archived products", async () => {
    const brand = await createBrand(db);
    const idleBrand = await createBrand(db);
    const active = await createProduct(db, { brand_id: brand.id });
    const draft = await createProduct(db, { status: "draft", brand_id: idleBrand.id });
    const archived = await createProduct(db, { status: "archived", brand_id: idleBrand.id });
    const video = await createMedia(db, active.id);
    const processing = await createMedia(db, active.id, { status: "processing" });
    const image = await createMedia(db, active.id, { type: "image" });
    const archivedVideo = await createMedia(db, archived.id);

    const index = await text("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/^application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.body)).toEqual([`${ORIGIN}/sitemaps/products-1.xml`, `${ORIGIN}/sitemaps/brands-1.xml`, `${ORIGIN}/sitemaps/videos-1.xml`]);

    const all = [];
    for (const loc of locs(index.body)) {
      const file = await text(loc.slice(ORIGIN.length));
      expect(file.status).toBe(200);
      expect(file.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      for (const lastmod of file.body.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)) expect(new Date(lastmod[1]!).toISOString()).toBe(lastmod[1]);
      all.push(...locs(file.body));
    }
    expect(all).toContain(`${ORIGIN}/product/${active.id}`);
    expect(all).toContain(`${ORIGIN}/brand-shop/${brand.id}`);
    expect(all).toContain(`${ORIGIN}/v/${video.id}`);
    for (const hidden of [`/product/${draft.id}`, `/product/${archived.id}`, `/brand-shop/${idleBrand.id}`, `/v/${processing.id}`, `/v/${image.id}`, `/v/${archivedVideo.id}`]) {
      expect(all).not.toContain(`${ORIGIN}${hidden}`);
    }
  });

  it("split a section into files of at most the limit, covering every URL once", async () => {
    for (let i = 0; i < 5; i++) await createProduct(db);
    const { count } = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("count")).where("status", "=", "active").executeTakeFirstOrThrow();
    const files = (await sitemapFiles(db, 2)).filter((file) => file.section === "products");
    expect(files.length).toBe(Math.ceil(Number(count) / 2));
    const seen: string[] = [];
    for (const file of files) {
      const urls = await sitemapUrls(db, "products", file.page, 2);
      expect(urls.length).toBeLessThanOrEqual(2);
      seen.push(...urls.map((url) => url.path));
    }
    expect(seen.length).toBe(Number(count));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("answer 404 for files that do not exist", async () => {
    for (const name of ["products-0.xml", "products-99.xml", "orders-1.xml", "products-1.txt", "..%2Fsecret"]) {
      expect((await text(`/sitemaps/${name}`)).status, name).toBe(404);
    }
  });
});
