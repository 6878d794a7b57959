import type { ErrorBody } from "@reelmart/core/api/errors";
import type { AdminBrand, AdminCategory, AdminMarketplace, StoreSettings } from "@reelmart/core/api/admin";
import type { ProductDetail } from "@reelmart/core/api/catalog";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

// The owner's store set-up through the real app: brands, categories, marketplaces and settings.
// Each write answers what it changed, is visible to shoppers where they see it, and leaves an audit
// row naming the admin; bad input is a 400 naming the field; unknown ids are 404.

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("admin store set-up", () => {
  let server: TestServer;
  let admin: TestUser;

  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    server.json<T>(`/api/admin${path}`, {
      method,
      headers: { ...admin.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The audit rows about one entity, oldest first, as [action, actor id]. */
  const audit = async (entity: string, entityId: string) =>
    (
      await server.deps.database.db
        .selectFrom("admin_audit_log")
        .select(["action", "actor_id", "actor_email", "summary"])
        .where("entity", "=", entity)
        .where("entity_id", "=", entityId)
        .orderBy("created_at")
        .execute()
    ).map((row) => [row.action, row.actor_id]);

  const upload = async (path: string, bytes: Uint8Array, type = "image/png") => {
    const form = new FormData();
    form.append("file", new Blob([bytes], { type }), "upload.png");
    return server.json<unknown>(`/api/admin${path}`, { method: "POST", headers: admin.headers, body: form });
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpUser(server, { admin: true });
  });
  afterAll(() => server.close());

  describe("brands", () => {
    it("creates, edits and deletes a brand; shoppers see it; its products stay without a brand; every write audited", async () => {
      const created = await call<AdminBrand>("POST", "/brands", { name: "  Lumen Works ", description: "Lamps", websiteUrl: "https://lumen.example", featured: true });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: "Lumen Works", description: "Lamps", websiteUrl: "https://lumen.example", featured: true, productCount: 0, logoUrl: null });
      const id = created.body.id;
      expect((await call<{ items: AdminBrand[] }>("GET", "/brands")).body.items[0]?.id).toBe(id);

      const edited = await call<AdminBrand>("PUT", `/brands/${id}`, { name: "Lumen", description: "", websiteUrl: "", featured: false });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: "Lumen", description: null, websiteUrl: null, featured: false });

      const product = await createProduct(server.deps.database.db, { title: "Desk lamp", brand_id: id });
      expect((await call<{ items: AdminBrand[] }>("GET", "/brands")).body.items.find((brand) => brand.id === id)?.productCount).toBe(1);
      const removed = await call<{ unassignedProducts: number }>("DELETE", `/brands/${id}`);
      expect(removed).toEqual({ status: 200, body: { unassignedProducts: 1 } });
      const shopperView = await server.json<ProductDetail>(`/api/products/${product.id}`);
      expect(shopperView.status).toBe(200);
      expect(shopperView.body.brand).toBeNull();

      expect(await audit("brand", id)).toEqual([
        ["created", admin.id],
        ["updated", admin.id],
        ["deleted", admin.id],
      ]);
    });

    it("stores a logo checked by its bytes (WebP, resized) and refuses a file that is not an image", async () => {
      const { body: brand } = await call<AdminBrand>("POST", "/brands", { name: "Logo Co", featured: false });
      const png = await sharp({ create: { width: 1024, height: 600, channels: 3, background: "#c33" } }).png().toBuffer();
      const logo = await upload(`/brands/${brand.id}/images/logo`, png);
      expect(logo.status).toBe(200);
      const logoUrl = (logo.body as AdminBrand).logoUrl!;
      expect(logoUrl).toMatch(/\/brands\/.+\/logo-[0-9a-f]{16}\.webp$/);
      const stored = await server.request(logoUrl);
      expect(stored.status).toBe(200);
      expect(await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 512 });

      const text = await upload(`/brands/${brand.id}/images/logo`, new TextEncoder().encode("not an image at all"));
      expect(text.status).toBe(415);
      expect((text.body as ErrorBody).error.field).toBe("file");
      expect(await audit("brand", brand.id)).toEqual([
        ["created", admin.id],
        ["logo replaced", admin.id],
      ]);
    });

    it("answers 400 naming the field for bad input, and 404 for an unknown brand", async () => {
      const blank = await call<ErrorBody>("POST", "/brands", { name: "   ", featured: false });
      expect(blank.status).toBe(400);
      expect(blank.body.error.field).toBe("name");
      const badSite = await call<ErrorBody>("POST", "/brands", { name: "Site", websiteUrl: "javascript:alert(1)", featured: false });
      expect(badSite.status).toBe(400);
      expect(badSite.body.error.field).toBe("websiteUrl");
      const noFlag = await call<ErrorBody>("POST", "/brands", { name: "Flagless" });
      expect(noFlag.status).toBe(400);
      expect(noFlag.body.error.field).toBe("featured");
      expect((await call<ErrorBody>("PUT", "/brands/not-a-uuid", { name: "X", featured: false })).status).toBe(400);

      for (const [method, path, body] of [
        ["PUT", `/brands/${UNKNOWN_ID}`, { name: "Ghost", featured: false }],
        ["DELETE", `/brands/${UNKNOWN_ID}`, undefined],
      ] as const) {
        const reply = await call<ErrorBody>(method, path, body);
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(reply.body.error.code).toBeTruthy();
      }
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
      expect((await upload(`/brands/${UNKNOWN_ID}/images/cover`, png)).status).toBe(404);
    });
  });

  describe("categories", () => {
    it("adds, renames (products follow) and deletes a category, audited; 409 while products use it or the name is taken", async () => {
      const { db } = server.deps.database;
      const created = await call<AdminCategory>("POST", "/categories", { name: "Lighting" });
      expect(created).toEqual({ status: 201, body: { name: "Lighting", productCount: 0 } });
      expect((await call<ErrorBody>("POST", "/categories", { name: "Lighting" })).status).toBe(409);

      const product = await createProduct(db, { title: "Floor lamp", category: "Lighting" });
      const renamed = await call<AdminCategory>("PUT", "/categories/Lighting", { name: "Lamps & Lighting" });
      expect(renamed).toEqual({ status: 200, body: { name: "Lamps & Lighting", productCount: 1 } });
      expect((await server.json<ProductDetail>(`/api/products/${product.id}`)).body.category).toBe("Lamps & Lighting");
      const names = (await call<{ items: AdminCategory[] }>("GET", "/categories")).body.items.map((category) => category.name);
      expect(names).toContain("Lamps & Lighting");
      expect(names).not.toContain("Lighting");
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));

      const inUse = await call<ErrorBody>("DELETE", `/categories/${encodeURIComponent("Lamps & Lighting")}`);
      expect(inUse.status).toBe(409);
      expect(inUse.body.error.message).toContain("1 product uses this category");
      await db.updateTable("products").set({ category: "other" }).where("id", "=", product.id).execute();
      expect((await server.request(`/api/admin/categories/${encodeURIComponent("Lamps & Lighting")}`, { method: "DELETE", headers: admin.headers })).status).toBe(204);

      // The changes of these two names (the fixtures make the products' default category too).
      const rows = await db
        .selectFrom("admin_audit_log")
        .select(["action", "actor_id", "entity_id"])
        .where("entity", "=", "category")
        .where("entity_id", "in", ["Lighting", "Lamps & Lighting"])
        .orderBy("created_at")
        .execute();
      expect(rows.map((row) => [row.action, row.entity_id, row.actor_id])).toEqual([
        ["created", "Lighting", admin.id],
        ["renamed", "Lamps & Lighting", admin.id],
        ["deleted", "Lamps & Lighting", admin.id],
      ]);
    });

    it("answers 400 naming the field for a blank name, and 404 for an unknown category", async () => {
      const blank = await call<ErrorBody>("POST", "/categories", { name: "" });
      expect(blank.status).toBe(400);
      expect(blank.body.error.field).toBe("name");
      const tooLong = await call<ErrorBody>("POST", "/categories", { name: "x".repeat(101) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.field).toBe("name");
      expect((await call<ErrorBody>("PUT", "/categories/Nowhere", { name: "Somewhere" })).status).toBe(404);
      expect((await call<ErrorBody>("DELETE", "/categories/Nowhere")).status).toBe(404);
    });
  });

  describe("marketplaces", () => {
    it("creates, edits, deactivates and reorders marketplaces; shoppers see active ones in the new order; audited", async () => {
      const first = await call<AdminMarketplace>("POST", "/marketplaces", { name: "Kenya", tagline: "Nairobi next day", flagUrl: "/media/flags/ke.svg", isActive: true });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ name: "Kenya", tagline: "Nairobi next day", isActive: true, productCount: 0 });
      const second = await call<AdminMarketplace>("POST", "/marketplaces", { name: "Ghana", flagUrl: "https://cdn.example/gh.svg", isActive: true });
      expect(second.body.displayOrder).toBe(first.body.displayOrder + 1);
      const ids = (await call<{ items: AdminMarketplace[] }>("GET", "/marketplaces")).body.items.map((marketplace) => marketplace.id);

      const reordered = await call<{ items: AdminMarketplace[] }>("PUT", "/marketplace-order", { ids: [...ids].reverse() });
      expect(reordered.status).toBe(200);
      expect(reordered.body.items.map((marketplace) => marketplace.id)).toEqual([...ids].reverse());
      const shopperOrder = async () => (await server.json<{ items: { id: string }[] }>("/api/marketplaces")).body.items.map((marketplace) => marketplace.id);
      expect((await shopperOrder()).filter((id) => id === first.body.id || id === second.body.id)).toEqual([second.body.id, first.body.id]);

      const deactivated = await call<AdminMarketplace>("PUT", `/marketplaces/${first.body.id}`, { name: "Kenya", tagline: "", flagUrl: "/media/flags/ke.svg", isActive: false });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body).toMatchObject({ isActive: false, tagline: null });
      expect(await shopperOrder()).not.toContain(first.body.id);
      expect((await call<{ items: AdminMarketplace[] }>("GET", "/marketplaces")).body.items.map((marketplace) => marketplace.id)).toContain(first.body.id);
      const renamed = await call<AdminMarketplace>("PUT", `/marketplaces/${first.body.id}`, { name: "Kenya & Uganda", flagUrl: "/media/flags/ke.svg", isActive: true });
      expect(renamed.body).toMatchObject({ name: "Kenya & Uganda", isActive: true });

      expect(await audit("marketplace", first.body.id)).toEqual([
        ["created", admin.id],
        ["deactivated", admin.id],
        ["activated", admin.id],
      ]);
      const order = await server.deps.database.db.selectFrom("admin_audit_log").select(["actor_id"]).where("action", "=", "reordered").execute();
      expect(order.map((row) => row.actor_id)).toEqual([admin.id]);
    });

    it("answers 400 naming the field for bad input, and 404 for an unknown marketplace", async () => {
      const cases: Array<[unknown, string]> = [
        [{ name: "", flagUrl: "/f.svg", isActive: true }, "name"],
        [{ name: "Nowhere", flagUrl: "", isActive: true }, "flagUrl"],
        [{ name: "Nowhere", flagUrl: "ftp://files.example/f.svg", isActive: true }, "flagUrl"],
        [{ name: "Nowhere", flagUrl: "/f.svg", isActive: "yes" }, "isActive"],
      ];
      for (const [body, field] of cases) {
        const reply = await call<ErrorBody>("POST", "/marketplaces", body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(reply.body.error.field, JSON.stringify(body)).toBe(field);
      }
      const partial = await call<ErrorBody>("PUT", "/marketplace-order", { ids: [UNKNOWN_ID] });
      expect(partial.status).toBe(400);
      expect(partial.body.error.field).toBe("ids");
      expect((await call<ErrorBody>("PUT", `/marketplaces/${UNKNOWN_ID}`, { name: "Ghost", flagUrl: "/f.svg", isActive: true })).status).toBe(404);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
      expect((await upload(`/marketplaces/${UNKNOWN_ID}/flag`, png)).status).toBe(404);
    });
  });

  describe("settings", () => {
    it("saves the store's name and splash; /splash/config.json serves them at once; audited", async () => {
      expect((await call<StoreSettings>("GET", "/settings")).body).toEqual({ storeName: "Reelmart", splashBrandName: "Reelmart", splashLogoUrl: null });
      const png = await sharp({ create: { width: 800, height: 800, channels: 4, background: "#fff" } }).png().toBuffer();
      const logo = await upload("/settings/splash-logo", png);
      expect(logo.status).toBe(200);
      const { url } = logo.body as { url: string };

      const saved = await call<StoreSettings>("PUT", "/settings", { storeName: "Lumen Store", splashBrandName: "Lumen", splashLogoUrl: url });
      expect(saved).toEqual({ status: 200, body: { storeName: "Lumen Store", splashBrandName: "Lumen", splashLogoUrl: url } });
      expect((await server.json("/splash/config.json")).body).toEqual({ name: "Lumen", logoUrl: url, storeName: "Lumen Store" });

      const cleared = await call<StoreSettings>("PUT", "/settings", { storeName: "Lumen Store", splashBrandName: "Lumen", splashLogoUrl: "" });
      expect(cleared.body.splashLogoUrl).toBeNull();
      expect((await server.json<{ logoUrl: string }>("/splash/config.json")).body.logoUrl).toBe("/splash/logo.svg");
      // The replaced logo is no longer named anywhere, so its file is gone.
      expect((await server.request(url)).status).toBe(404);

      const rows = await server.deps.database.db.selectFrom("admin_audit_log").select(["action", "actor_id", "summary"]).where("entity", "=", "settings").orderBy("created_at").execute();
      expect(rows.map((row) => [row.action, row.actor_id])).toEqual([
        ["updated", admin.id],
        ["updated", admin.id],
      ]);
      const summary = (typeof rows[0]!.summary === "string" ? JSON.parse(rows[0]!.summary) : rows[0]!.summary) as { changes: Record<string, { from: unknown; to: unknown }> };
      expect(summary.changes.storeName).toEqual({ from: "Reelmart", to: "Lumen Store" });
    });

    it("answers 400 naming the field for bad settings", async () => {
      for (const [body, field] of [
        [{ storeName: "", splashBrandName: "Lumen" }, "storeName"],
        [{ storeName: "Lumen", splashBrandName: "x".repeat(101) }, "splashBrandName"],
        [{ storeName: "Lumen", splashBrandName: "Lumen", splashLogoUrl: "data:image/png;base64,AAAA" }, "splashLogoUrl"],
      ] as const) {
        const reply = await call<ErrorBody>("PUT", "/settings", body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(reply.body.error.field, JSON.stringify(body)).toBe(field);
      }
      expect((await upload("/settings/splash-logo", new TextEncoder().encode("<svg/>"), "image/svg+xml")).status).toBe(415);
    });
  });
});
