import type { ErrorBody } from "@reelmart/core/api/errors";
import type { UploadFinished } from "@reelmart/core/api/media";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createBrand, createMarketplace, createProduct } from "../../testing/fixtures.ts";
import { type ListeningApp, listenInTestRange } from "../../testing/media-sources.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { tusUpload } from "../../testing/tus-upload.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { createMediaContext, mediaJobKinds } from "../media/media-jobs.ts";
import { drainJobs } from "../media/queue.ts";
import { IMAGE_WIDTHS } from "../media/upload-jobs.ts";

const logger = createLogger({ logLevel: "silent" });
const b64 = (value: string) => Buffer.from(value).toString("base64");

/** The tags of a TIFF-structured EXIF block's first directory (IFD0), as sharp returns it ("Exif\0\0" first). */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf("II") >= 0 && exif.indexOf("II") < 8 ? exif.indexOf("II") : exif.indexOf("MM"));
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, index) => u16(ifd + 2 + index * 12));
}
const GPS_IFD_TAG = 0x8825;

/** A 1600x1200 JPEG shot "on a phone held upright" (Orientation 6), with camera and GPS tags. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#c0306a" } })
    .jpeg()
    // libvips writes the orientation from its own field, so it is set there rather than in IFD0.
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "TestCam", Model: "Phone X" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 0/1" },
    })
    .toBuffer();
}

describe("image uploads over tus: brand and marketplace images, product images without EXIF", () => {
  let server: TestServer;
  let http: ListeningApp;
  let admin: TestUser;
  let shopper: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ UPLOAD_MAX_IMAGE_MB: "15" });
    http = await listenInTestRange(server.app);
    admin = await signUpUser(server, { admin: true });
    shopper = await signUpUser(server);
    png = await sharp({ create: { width: 900, height: 600, channels: 4, background: "#2266aa" } }).png().toBuffer();
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await server?.close();
  });
  const db = () => server.deps.database.db;
  const storedKey = (url: string) => url.replace(/^\/media\/product-media\//, "");
  const stored = async (url: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await server.deps.storage.read("product-media", storedKey(url))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it("stores a brand logo and cover and a marketplace flag as WebP and saves the URL on the row", async () => {
    const brand = await createBrand(db());
    const logo = await tusUpload(http.url, admin, png, { purpose: "brand-logo", brandId: brand.id, filename: "logo.png" });
    expect(logo.status).toBe(200);
    const finished = JSON.parse(logo.body) as UploadFinished;
    expect(finished).toMatchObject({ status: "ready", url: expect.stringMatching(/\.webp$/) });
    const row = await db().selectFrom("brands").select(["logo_url", "cover_image_url"]).where("id", "=", brand.id).executeTakeFirstOrThrow();
    expect(row.logo_url).toBe(finished.url);
    const logoMeta = await sharp(await stored(finished.url!)).metadata();
    // The logo box is 512x512: the 900x600 picture fits inside it.
    expect(logoMeta).toMatchObject({ format: "webp", width: 512, height: 341 });

    const cover = await tusUpload(http.url, admin, png, { purpose: "brand-cover", brandId: brand.id });
    expect(cover.status).toBe(200);
    const after = await db().selectFrom("brands").select(["logo_url", "cover_image_url"]).where("id", "=", brand.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ logo_url: finished.url, cover_image_url: (JSON.parse(cover.body) as UploadFinished).url });

    const marketplace = await createMarketplace(db());
    const flag = await tusUpload(http.url, admin, png, { purpose: "marketplace-flag", marketplaceId: marketplace.id });
    expect(flag.status).toBe(200);
    const flagUrl = (JSON.parse(flag.body) as UploadFinished).url!;
    expect((await db().selectFrom("marketplaces").select("flag_url").where("id", "=", marketplace.id).executeTakeFirstOrThrow()).flag_url).toBe(flagUrl);
    expect(await sharp(await stored(flagUrl)).metadata()).toMatchObject({ format: "webp", width: 256, height: 171 });
    // The upload rows and their parts are gone: the image lives on its brand or marketplace.
    for (const outcome of [logo, cover, flag]) {
      const id = outcome.url!.split("/").pop()!;
      expect(await db().selectFrom("media_uploads").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
      expect(await server.deps.storage.head("uploads", `${id}/part-000000000000`)).toBeNull();
    }
    // Each replaced image is audited, after the rows' own creation (made through the admin's services).
    const audit = await db().selectFrom("admin_audit_log").select("action").where("entity_id", "in", [brand.id, marketplace.id]).where("action", "like", "% replaced").execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(["cover replaced", "flag replaced", "logo replaced"]);
  });

  it("refuses a non-image with 415, a file over 5 MB with 413 before any byte is stored, and checks who and what", async () => {
    const brand = await createBrand(db());
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n", "latin1"), Buffer.alloc(4000, 32)]);
    const refused = await tusUpload(http.url, admin, pdf, { purpose: "brand-logo", brandId: brand.id, filename: "logo.png", filetype: "image/png" });
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: "unsupported_media_type", message: "Please select an image file" } });
    const refusedId = refused.url!.split("/").pop()!;
    expect(await db().selectFrom("media_uploads").select("id").where("id", "=", refusedId).executeTakeFirst()).toBeUndefined();
    expect(await server.deps.storage.head("uploads", `${refusedId}/part-000000000000`)).toBeNull();

    const tooBig = await fetch(`${http.url}/api/uploads`, {
      method: "POST",
      headers: { cookie: admin.cookie, "tus-resumable": "1.0.0", "upload-length": String(6 * 1024 * 1024), "upload-metadata": `purpose ${b64("marketplace-flag")},marketplaceId ${b64(brand.id)}` },
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as ErrorBody).error).toMatchObject({ code: "payload_too_large", message: "Please select an image smaller than 5MB" });
    expect(await db().selectFrom("media_uploads").select("id").where("purpose", "=", "marketplace-flag").executeTakeFirst()).toBeUndefined();

    const byShopper = await tusUpload(http.url, shopper, png, { purpose: "brand-logo", brandId: brand.id });
    expect(byShopper.status).toBe(403);
    const unknownBrand = await tusUpload(http.url, admin, png, { purpose: "brand-logo", brandId: "00000000-0000-4000-8000-000000000000" });
    expect(unknownBrand.status).toBe(404);
    const noTarget = await tusUpload(http.url, admin, png, { purpose: "marketplace-flag" });
    expect(noTarget.status).toBe(400);
    expect(JSON.parse(noTarget.body)).toMatchObject({ error: { code: "bad_request", message: "marketplaceId: must be a marketplace id" } });
    expect((await db().selectFrom("brands").select("logo_url").where("id", "=", brand.id).executeTakeFirstOrThrow()).logo_url).toBe(brand.logo_url);
  });

  it("stores a product photo as WebP in the app's widths, upright, with its EXIF and GPS stripped", { timeout: 60_000 }, async () => {
    const photo = await phonePhoto();
    // The test's own photo carries what must go: camera tags and a GPS directory.
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(Buffer.from("TestCam"))).toBe(true);
    expect(ifd0Tags(input.exif!)).toContain(GPS_IFD_TAG);

    const product = await createProduct(db());
    const outcome = await tusUpload(http.url, admin, photo, { purpose: "product-image", productId: product.id, filename: "IMG_2041.jpg" });
    expect(outcome.status).toBe(200);
    const { mediaId } = JSON.parse(outcome.body) as UploadFinished;
    await drainJobs(db(), mediaJobKinds(createMediaContext(server.deps)), logger);
    const row = await db().selectFrom("product_media").selectAll().where("id", "=", mediaId!).executeTakeFirstOrThrow();
    expect(row.status).toBe("ready");
    const metadata = row.metadata as { width: number; height: number; variants: { width: number; url: string }[]; jpegUrl: string };
    // Orientation 6 applied: 1600x1200 stored sideways is a 1200x1600 portrait.
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 1200, height: 1600 });
    expect(metadata.variants.map((variant) => variant.width)).toEqual([...IMAGE_WIDTHS]);
    expect(row.url).toBe(metadata.variants.at(-1)!.url);
    expect(row.url).not.toContain("IMG_2041");

    for (const variant of metadata.variants) {
      const file = await sharp(await stored(variant.url)).metadata();
      expect(file).toMatchObject({ format: "webp", width: variant.width, height: Math.round((variant.width * 1600) / 1200) });
      expect(file.exif).toBeUndefined();
      expect(file.xmp).toBeUndefined();
      expect(file.orientation).toBeUndefined();
    }
    const jpeg = await stored(metadata.jpegUrl);
    const jpegMeta = await sharp(jpeg).metadata();
    expect(jpegMeta).toMatchObject({ format: "jpeg", width: 1080, height: 1440 });
    expect(jpegMeta.exif).toBeUndefined();
    // Byte level too: no camera name and no EXIF marker anywhere in the stored files.
    for (const bytes of [jpeg, ...(await Promise.all(metadata.variants.map((variant) => stored(variant.url))))]) {
      expect(bytes.includes(Buffer.from("TestCam"))).toBe(false);
      expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
    }
  });
});
