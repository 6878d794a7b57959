// Seeding the demo catalogue once, on the first start of an empty store or by `npm run seed`: when, in
// which parts, and the marker rows that say a part is done.
import { sql } from "kysely";
import type { AppDeps } from "../../context.ts";
import { FFMPEG_MISSING_MESSAGE, type Ffmpeg, findFfmpeg } from "../media/ffmpeg.ts";
import { uploadDemoFiles } from "./demo-files.ts";
import { demoId } from "./demo-id.ts";
import { insertDemoProducts } from "./demo-products.ts";
import { DEMO_BRANDS, DEMO_CATEGORY_ROWS, DEMO_MARKETPLACES, DEMO_PRODUCTS } from "./demo-data.ts";

export type SeedDeps = Pick<AppDeps, "config" | "database" | "storage" | "logger">;

export interface SeedResult {
  /** False when the demo catalogue was already there (nothing was added). */
  created: boolean;
  products: number;
  videoJobs: number;
  /** Why videos were left out, when they were. */
  videosSkipped?: string;
}

const SEED_LOCK = "reelmart:demo-seed";

export const DEMO_MARKER_BRAND_ID = demoId("brand", DEMO_BRANDS[0]!.key);

/** The filmed products come with the store; the photographed ones follow (decision 161). */
const FILMED = DEMO_PRODUCTS.filter((product) => product.video);
const PHOTOGRAPHED = DEMO_PRODUCTS.filter((product) => !product.video);
/** The first photographed product's id marks the second part as done. */
const PHOTOGRAPHED_MARKER_ID = demoId("product", PHOTOGRAPHED[0]!.key);

const alreadySeeded = (): SeedResult => ({ created: false, products: 0, videoJobs: 0 });

/**
 * Adds the demo catalogue unless it is already there, in two parts so the store is up as soon as
 * before: the marketplaces, brands and filmed products with their photos (a second or two), then
 * the photographed products once their photos are rendered (a few seconds more on a cold media
 * cache). Videos are background jobs whose rows show a generated card until the video is ready.
 * Safe to run concurrently from several processes (an advisory lock serialises each part).
 */
export async function seedDemoCatalogue(deps: SeedDeps): Promise<SeedResult> {
  const ffmpeg = await findFfmpeg(deps.config.ffmpegPath);
  const store = await seedStore(deps, ffmpeg);
  const more = await seedPhotographed(deps, ffmpeg);
  return {
    created: store.created || more.created,
    products: store.products + more.products,
    videoJobs: store.videoJobs + more.videoJobs,
    videosSkipped: store.videosSkipped ?? more.videosSkipped,
  };
}

async function seedStore(deps: SeedDeps, ffmpeg: Ffmpeg | null): Promise<SeedResult> {
  const { db } = deps.database;
  if (await markerExists(deps, "brands", DEMO_MARKER_BRAND_ID)) return alreadySeeded();
  if (!ffmpeg) deps.logger.warn(FFMPEG_MISSING_MESSAGE);
  const files = await uploadDemoFiles(deps, FILMED, { store: true });
  const now = Date.now();

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${SEED_LOCK}))`.execute(trx);
    if (await trx.selectFrom("brands").select("id").where("id", "=", DEMO_MARKER_BRAND_ID).executeTakeFirst()) return alreadySeeded();

    await trx
      .insertInto("categories")
      .values(DEMO_CATEGORY_ROWS.map((name) => ({ name })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    await trx
      .insertInto("marketplaces")
      .values(
        DEMO_MARKETPLACES.map((marketplace, index) => ({
          id: demoId("marketplace", marketplace.key),
          name: marketplace.name,
          tagline: marketplace.tagline,
          flag_url: files.flags.get(marketplace.key)!,
          // The flag files are named by ISO country code; checkout applies that country's address rules.
          country_code: marketplace.flag.replace(".svg", "").toUpperCase(),
          display_order: index,
        })),
      )
      .execute();
    await trx
      .insertInto("brands")
      .values(
        DEMO_BRANDS.map((brand, index) => ({
          id: demoId("brand", brand.key),
          name: brand.name,
          description: brand.description,
          logo_url: files.logos.get(brand.key)!,
          cover_image_url: files.covers.get(brand.key)!,
          website_url: brand.websiteUrl,
          featured: brand.featured,
          created_at: new Date(now - index * 60_000),
        })),
      )
      .execute();

    const videoJobs = await insertDemoProducts(trx, FILMED, files, ffmpeg, now);
    return { created: true, products: FILMED.length, videoJobs, videosSkipped: ffmpeg ? undefined : FFMPEG_MISSING_MESSAGE };
  });
}

/**
 * The photographed products, once the store's part is there. On a store seeded before they existed
 * (`npm run seed`) they are added only while every demo brand and marketplace they use is still there.
 */
async function seedPhotographed(deps: SeedDeps, ffmpeg: Ffmpeg | null): Promise<SeedResult> {
  const { db } = deps.database;
  if (await markerExists(deps, "products", PHOTOGRAPHED_MARKER_ID)) return alreadySeeded();
  const [brands, marketplaces] = await Promise.all([
    db.selectFrom("brands").select("id").where("id", "in", DEMO_BRANDS.map((brand) => demoId("brand", brand.key))).execute(),
    db.selectFrom("marketplaces").select("id").where("id", "in", DEMO_MARKETPLACES.map((marketplace) => demoId("marketplace", marketplace.key))).execute(),
  ]);
  if (brands.length < DEMO_BRANDS.length || marketplaces.length < DEMO_MARKETPLACES.length) return alreadySeeded();
  const files = await uploadDemoFiles(deps, PHOTOGRAPHED, { store: false });
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${SEED_LOCK}))`.execute(trx);
    if (await trx.selectFrom("products").select("id").where("id", "=", PHOTOGRAPHED_MARKER_ID).executeTakeFirst()) return alreadySeeded();
    const videoJobs = await insertDemoProducts(trx, PHOTOGRAPHED, files, ffmpeg, now);
    return { created: true, products: PHOTOGRAPHED.length, videoJobs };
  });
}

/**
 * Seeds when SEED_DEMO allows it and the store has no products yet (the first start on an empty
 * database). Called after the server listens, so health checks answer while it runs.
 */
export async function seedOnFirstStart(deps: SeedDeps): Promise<SeedResult | null> {
  if (!deps.config.seedDemo) return null;
  const anyProduct = await deps.database.db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  if (anyProduct) return null;
  const started = Date.now();
  const result = await seedDemoCatalogue(deps);
  if (result.created) {
    deps.logger.info({ products: result.products, videoJobs: result.videoJobs, ms: Date.now() - started }, "demo catalogue seeded; videos encode in the background");
  }
  return result;
}

async function markerExists(deps: SeedDeps, table: "brands" | "products", id: string): Promise<boolean> {
  return Boolean(await deps.database.db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst());
}
