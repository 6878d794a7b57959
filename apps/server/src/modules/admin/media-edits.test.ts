import type { ErrorBody } from "@reelmart/core/api/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";


describe("admin media edits", () => {
  let server: TestServer;
  let admin: TestUser;
  let shopper: TestUser;
  let mediaId: string;

  const send = <T = unknown>(user: TestUser | null, method: string, id: string, body?: unknown) =>
    server.json<T>(`/api/admin/media/${id}`, {
      method,
      headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.deps.database;
    const product = await createProduct(db);
    mediaId = (await createMedia(db, product.id, { title: "Original", category: "product" })).id;
    admin = await signUpUser(server, { admin: true });
    shopper = await signUpUser(server);
  });
  afterAll(() => server.close());

  const stored = () =>
    server.deps.database.db.selectFrom("product_media").select(["title", "category"]).where("id", "=", mediaId).executeTakeFirst();

  it("refuses anonymous (401) and non-admin (403) callers and leaves the media unchanged", async () => {
    expect((await send(null, "PATCH", mediaId, { title: "Hacked" })).status).toBe(401);
    expect((await send(shopper, "PATCH", mediaId, { title: "Hacked" })).status).toBe(403);
    expect((await send(shopper, "DELETE", mediaId)).status).toBe(403);
    expect(await stored()).toEqual({ title: "Original", category: "product" });
  });

  it("lets an admin edit title and category, validating the fields", async () => {
    const edited = await send(admin, "PATCH", mediaId, { title: "  Unboxing  ", category: "ugc" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: mediaId, title: "Unboxing", category: "ugc" });
    expect(await stored()).toEqual({ title: "Unboxing", category: "ugc" });
    const bad = await send<ErrorBody>(admin, "PATCH", mediaId, { category: "other" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("category");
    const empty = await send<ErrorBody>(admin, "PATCH", mediaId, {});
    expect(empty.status).toBe(400);
  });

  it("lets an admin delete, then answers 404", async () => {
    const response = await server.request(`/api/admin/media/${mediaId}`, { method: "DELETE", headers: admin.headers });
    expect(response.status).toBe(204);
    expect(await stored()).toBeUndefined();
    expect((await send(admin, "DELETE", mediaId)).status).toBe(404);
    expect((await send(admin, "PATCH", mediaId, { title: "x" })).status).toBe(404);
  });

  it("removes a deleted video's stored files, keeping the ones another row still names", async () => {
    const { db } = server.deps.database;
    const { storage } = server.deps;
    const product = await createProduct(db);
    const put = async (key: string) => {
      await storage.put("product-media", key, Buffer.from(key), { contentType: "application/octet-stream" });
      return storage.publicUrl("product-media", key);
    };
    const base = `products/${product.id}/optimized-0123456789abcdef`;
    const [master, low, poster, card] = await Promise.all([
      put(`${base}-720.mp4`),
      put(`${base}-360.mp4`),
      put(`${base}-720-thumbnail.jpg`),
      put(`products/${product.id}/image-fedcba9876543210.jpg`),
    ]);
    await db.updateTable("products").set({ video_url: master }).where("id", "=", product.id).execute();
    // The product's photo (its picture, decision 207), which a processing video below stands in with.
    await createMedia(db, product.id, { type: "image", url: card, thumbnail_url: card, is_cover: true });
    const video = await createMedia(db, product.id, { url: master, thumbnail_url: poster, is_main: true, renditionHeights: [] });
    await db
      .insertInto("media_renditions")
      .values([
        { media_id: video.id, height: 640, width: 360, url: low },
        { media_id: video.id, height: 1280, width: 720, url: master },
      ])
      .execute();
    // The same content under the same key: another video of the product shares the poster.
    await createMedia(db, product.id, { thumbnail_url: poster });
    // A processing video stands in with the product's card until its encode is done.
    const processing = await createMedia(db, product.id, { url: card, thumbnail_url: card, status: "processing", renditionHeights: [] });

    const key = (url: string) => url.slice(storage.publicUrl("product-media", "").length);
    const exists = async (url: string) => (await storage.head("product-media", key(url))) !== null;
    const remove = async (id: string) => (await server.request(`/api/admin/media/${id}`, { method: "DELETE", headers: admin.headers })).status;
    expect(await remove(video.id)).toBe(204);
    expect(await exists(master)).toBe(false);
    expect(await exists(low)).toBe(false);
    expect(await exists(poster)).toBe(true);
    const { video_url } = await db.selectFrom("products").select("video_url").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(video_url).toBeNull();

    expect(await remove(processing.id)).toBe(204);
    expect(await exists(card)).toBe(true);
  });

  it("records each edit and removal in the audit log with the acting admin", async () => {
    const entries = await server.deps.database.db
      .selectFrom("admin_audit_log")
      .select(["actor_id", "action", "entity", "entity_id"])
      .where("entity", "=", "media")
      .orderBy("created_at")
      .execute();
    expect(entries.filter((entry) => entry.entity_id === mediaId).map((entry) => entry.action)).toEqual(["updated", "deleted"]);
    expect(entries.every((entry) => entry.actor_id === admin.id)).toBe(true);
  });
});
