import type { ErrorBody } from "@reelmart/core/api/errors";
import type { AdminProduct, AdminProductPage, AdminProductSaveInput } from "@reelmart/core/api/admin";
import type { ProductDetail, ProductSummary } from "@reelmart/core/api/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createMarketplace, createMedia, createProduct } from "../../testing/fixtures.ts";
import { editorSaveBody } from "../../testing/owner-shop.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";


describe("admin products", () => {
  let server: TestServer;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let india: string;
  let gulf: string;
  let elsewhere: string;
  let brandId: string;

  const call = <T = unknown>(user: TestUser | null, method: string, path: string, body?: unknown) =>
    server.json<T>(`/api/admin${path}`, {
      method,
      headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });


  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.deps.database;
    admin = await signUpUser(server, { admin: true });
    otherAdmin = await signUpUser(server, { admin: true });
    india = (await createMarketplace(db, { name: "India" })).id;
    gulf = (await createMarketplace(db, { name: "Gulf" })).id;
    elsewhere = (await createMarketplace(db, { name: "Elsewhere" })).id;
    brandId = (await createBrand(db, { name: "Acme" })).id;
    await db.insertInto("categories").values([{ name: "Audio" }, { name: "Kitchen" }]).execute();
  });
  afterAll(() => server.close());

  it("creates exactly the spec's draft, audited", async () => {
    const created = await call<{ id: string }>(admin, "POST", "/products");
    expect(created.status).toBe(201);
    const { body } = await call<AdminProduct>(admin, "GET", `/products/${created.body.id}`);
    expect(body).toMatchObject({ title: "Untitled product", description: "", price: "0.00", category: "other", stock: 0, status: "draft", version: 0 });
    const audit = await server.deps.database.db.selectFrom("admin_audit_log").selectAll().where("entity_id", "=", created.body.id).execute();
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([["created", admin.id]]);
  });

  it("saves every field, publishes to two marketplaces, and shoppers see it there only", async () => {
    const { db } = server.deps.database;
    const { body: draft } = await call<{ id: string }>(admin, "POST", "/products");
    const image = await createMedia(db, draft.id, { type: "image", display_order: 5 });
    const video = await createMedia(db, draft.id, { display_order: 1 });
    const { body: loaded } = await call<AdminProduct>(admin, "GET", `/products/${draft.id}`);
    expect(loaded.media.map((media) => media.id)).toEqual([video.id, image.id]);

    const saved = await call<AdminProduct>(
      admin,
      "PUT",
      `/products/${draft.id}`,
      editorSaveBody(loaded, {
        title: "  Studio Headphones ",
        description: "Closed-back",
        price: "2499.5",
        discountPercentage: 10,
        category: "Audio",
        stock: 7,
        status: "active",
        brandId,
        specifications: { sizes: ["M", "L"], colors: ["Black"], hasSizeOptions: true, hasColorOptions: true, weight: "250 g" },
        highlights: ["Noise cancelling", "40 h battery"],
        promotion: { hasPromotion: true, label: "Diwali", promoEndDate: "2030-01-01T00:00:00.000Z" },
        variants: [
          { size: "M", color: "Black", colorHex: "#000000", stock: 3, priceAdjustment: "0" },
          { size: "L", color: "Black", colorHex: "#000000", stock: 4, priceAdjustment: "100.00" },
        ],
        marketplaceIds: [india, gulf],
        media: [
          { id: image.id, category: "product", isMain: false, isCover: true, displayOnLandingPage: true, displayOnProfilePage: false },
          { id: video.id, category: "ugc", isMain: true, isCover: false, displayOnLandingPage: true, displayOnProfilePage: true },
        ],
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: "Studio Headphones", price: "2499.50", status: "active", version: 1, highlights: ["Noise cancelling", "40 h battery"] });
    expect(saved.body.media.map((media) => [media.id, media.displayOrder, media.isMain, media.isCover, media.category])).toEqual([
      [image.id, 0, false, true, "product"],
      [video.id, 1, true, false, "ugc"],
    ]);
    expect(saved.body.variants).toHaveLength(2);
    expect(saved.body.marketplaceIds.sort()).toEqual([india, gulf].sort());

    const inIndia = await server.json<ProductDetail>(`/api/products/${draft.id}?marketplaceId=${india}`);
    expect(inIndia.status).toBe(200);
    expect(inIndia.body).toMatchObject({ price: "2499.50", title: "Studio Headphones" });
    expect(inIndia.body.variants.map((variant) => variant.priceAdjustment).sort()).toEqual(["0.00", "100.00"]);
    const search = await server.json<{ items: ProductSummary[] }>(`/api/search?q=Studio%20Headphones&marketplaceId=${gulf}`);
    expect(search.body.items.map((item) => item.id)).toContain(draft.id);
    const notThere = await server.json<{ items: ProductSummary[] }>(`/api/search?q=Studio%20Headphones&marketplaceId=${elsewhere}`);
    expect(notThere.body.items.map((item) => item.id)).not.toContain(draft.id);

    // Variants keep their ids across saves; a removed one goes, a new one is added.
    const [medium, large] = saved.body.variants;
    const again = await call<AdminProduct>(
      admin,
      "PUT",
      `/products/${draft.id}`,
      editorSaveBody(saved.body, { price: "1999", variants: [{ ...medium!, stock: 9 }, { size: "XL", color: "Red", colorHex: "#ff0000", stock: 1, priceAdjustment: "-50" }] }),
    );
    expect(again.status).toBe(200);
    expect(again.body.variants.find((variant) => variant.id === medium!.id)?.stock).toBe(9);
    expect(again.body.variants.some((variant) => variant.id === large!.id)).toBe(false);
    expect(again.body.variants.find((variant) => variant.size === "XL")?.priceAdjustment).toBe("-50.00");
    expect((await server.json<ProductDetail>(`/api/products/${draft.id}`)).body.price).toBe("1999.00");

    // Archived: gone for shoppers.
    const archived = await call<AdminProduct>(admin, "PUT", `/products/${draft.id}`, editorSaveBody(again.body, { status: "archived" }));
    expect(archived.status).toBe(200);
    expect((await server.json(`/api/products/${draft.id}`)).status).toBe(404);
  });

  it("answers 409 to a save based on a stale copy and keeps the first admin's change", async () => {
    const { body: draft } = await call<{ id: string }>(admin, "POST", "/products");
    const { body: copy } = await call<AdminProduct>(admin, "GET", `/products/${draft.id}`);
    expect((await call(admin, "PUT", `/products/${draft.id}`, editorSaveBody(copy, { title: "First" }))).status).toBe(200);
    const stale = await call<ErrorBody>(otherAdmin, "PUT", `/products/${draft.id}`, editorSaveBody(copy, { title: "Second" }));
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/Another admin changed this product/);
    expect((await call<AdminProduct>(admin, "GET", `/products/${draft.id}`)).body.title).toBe("First");
  });

  it("answers 400 naming the field, and 404 for unknown ids", async () => {
    const { body: draft } = await call<{ id: string }>(admin, "POST", "/products");
    const { body: copy } = await call<AdminProduct>(admin, "GET", `/products/${draft.id}`);
    const cases: [Partial<AdminProductSaveInput>, string][] = [
      [{ title: "  " }, "title"],
      [{ price: "12.345" }, "price"],
      [{ stock: -1 }, "stock"],
      [{ discountPercentage: 101 }, "discountPercentage"],
      [{ status: "gone" as never }, "status"],
      [{ variants: [{ colorHex: "red", stock: 1, priceAdjustment: "0" }] }, "variants.0.colorHex"],
      [{ category: "Nope" }, "category"],
      [{ brandId: crypto.randomUUID() }, "brandId"],
      [{ marketplaceIds: [crypto.randomUUID()] }, "marketplaceIds.0"],
      [{ variants: [{ id: crypto.randomUUID(), stock: 1, priceAdjustment: "0" }] }, "variants.0.id"],
    ];
    for (const [changes, field] of cases) {
      const reply = await call<ErrorBody>(admin, "PUT", `/products/${draft.id}`, editorSaveBody(copy, changes));
      expect({ field, status: reply.status, named: reply.body.error.field }).toEqual({ field, status: 400, named: field });
    }
    const unknown = crypto.randomUUID();
    expect((await call(admin, "GET", `/products/${unknown}`)).status).toBe(404);
    expect((await call(admin, "PUT", `/products/${unknown}`, editorSaveBody(copy))).status).toBe(404);
    expect((await call(admin, "DELETE", `/products/${unknown}`)).status).toBe(404);
    expect((await call<ErrorBody>(admin, "GET", "/products/not-a-uuid")).body.error.field).toBe("id");
  });

  it("pages, searches, filters and sorts the table on the server", async () => {
    const { db } = server.deps.database;
    const tag = `Lamp${Date.now()}`;
    for (const [index, price] of ["300.00", "100.00", "200.00"].entries()) {
      await createProduct(db, { title: `${tag} ${index}`, price, category: "Kitchen", stock: index, marketplaceIds: index === 0 ? [india] : [] });
    }
    const first = await call<AdminProductPage>(admin, "GET", `/products?q=${tag}&sort=price&limit=2`);
    expect(first.body.items.map((row) => row.price)).toEqual(["100.00", "200.00"]);
    const second = await call<AdminProductPage>(admin, "GET", `/products?q=${tag}&sort=price&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((row) => row.price)).toEqual(["300.00"]);
    expect(second.body.nextCursor).toBeNull();
    const outOfStock = await call<AdminProductPage>(admin, "GET", `/products?q=${tag}&outOfStock=true`);
    expect(outOfStock.body.items.map((row) => row.title)).toEqual([`${tag} 0`]);
    const listed = await call<AdminProductPage>(admin, "GET", `/products?q=${tag}&marketplaceId=${india}`);
    expect(listed.body.items.map((row) => row.marketplaceCount)).toEqual([1]);
    const newest = await call<AdminProductPage>(admin, "GET", `/products?q=${tag}&sort=newest&limit=1`);
    const next = await call<AdminProductPage>(admin, "GET", `/products?q=${tag}&sort=newest&limit=5&cursor=${newest.body.nextCursor}`);
    expect([...newest.body.items, ...next.body.items].map((row) => row.title)).toEqual([`${tag} 2`, `${tag} 1`, `${tag} 0`]);
    const bad = await call<ErrorBody>(admin, "GET", `/products?sort=price&cursor=${newest.body.nextCursor}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("cursor");
    expect((await call<ErrorBody>(admin, "GET", "/products?sort=colour")).body.error.field).toBe("sort");
  });

  it("deletes a product with its related rows, shoppers' cart and saved rows, and its stored files", async () => {
    const { db } = server.deps.database;
    const { storage } = server.deps;
    const shopper = await signUpUser(server);
    const product = await createProduct(db, { marketplaceIds: [india] });
    const put = async (key: string) => {
      await storage.put("product-media", key, Buffer.from(key), { contentType: "application/octet-stream" });
      return storage.publicUrl("product-media", key);
    };
    const videoUrl = await put(`products/${product.id}/optimized-aaaa-720.mp4`);
    const posterUrl = await put(`products/${product.id}/optimized-aaaa-720-thumbnail.jpg`);
    const shared = await put(`products/${product.id}/image-shared.jpg`);
    const media = await createMedia(db, product.id, { url: videoUrl, thumbnail_url: posterUrl, renditionHeights: [] });
    await db.insertInto("product_variants").values({ product_id: product.id, size: "M", stock: 1 }).execute();
    await db.insertInto("product_highlights").values({ product_id: product.id, text: "x" }).execute();
    await db.insertInto("product_promotions").values({ product_id: product.id, label: "x" }).execute();
    await db.insertInto("cart_items").values({ user_id: shopper.id, product_id: product.id, quantity: 1 }).execute();
    await db.insertInto("saved_items").values({ user_id: shopper.id, product_id: product.id }).execute();
    await db.insertInto("video_likes").values({ media_id: media.id, user_id: shopper.id, product_id: product.id }).execute();
    // Another product names the same image file: it must stay.
    const other = await createProduct(db);
    await createMedia(db, other.id, { type: "image", url: shared });
    await createMedia(db, product.id, { type: "image", url: shared });

    const reply = await call<{ removedFiles: number }>(admin, "DELETE", `/products/${product.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.removedFiles).toBe(2);
    for (const table of ["marketplace_listings", "product_variants", "product_highlights", "product_promotions", "product_media", "cart_items", "saved_items", "video_likes"] as const) {
      const rows = await db.selectFrom(table).select("product_id").where("product_id", "=", product.id).execute();
      expect({ table, rows }).toEqual({ table, rows: [] });
    }
    const key = (url: string) => url.slice(storage.publicUrl("product-media", "").length);
    expect(await storage.head("product-media", key(videoUrl))).toBeNull();
    expect(await storage.head("product-media", key(posterUrl))).toBeNull();
    expect(await storage.head("product-media", key(shared))).not.toBeNull();
    expect((await server.json(`/api/products/${other.id}`)).status).toBe(200);
    expect((await call(admin, "DELETE", `/products/${product.id}`)).status).toBe(404);
  });

  it("publishes, archives and deletes in bulk", async () => {
    const { db } = server.deps.database;
    const drafts = await Promise.all([1, 2].map(() => createProduct(db, { status: "draft" })));
    const ids = drafts.map((draft) => draft.id);
    expect((await call<{ affected: number }>(admin, "POST", "/products/bulk", { ids, action: "publish" })).body.affected).toBe(2);
    expect((await call<{ affected: number }>(admin, "POST", "/products/bulk", { ids, action: "archive" })).body.affected).toBe(2);
    const statuses = await db.selectFrom("products").select(["id", "status", "version"]).where("id", "in", ids).execute();
    // Each bulk action moves the version once, as an editor's save does (a stale editor is then refused).
    const versionBefore = new Map(drafts.map((draft) => [draft.id, draft.version]));
    expect(statuses.every((row) => row.status === "archived" && row.version === versionBefore.get(row.id)! + 2)).toBe(true);
    expect((await call<{ affected: number }>(admin, "POST", "/products/bulk", { ids: [...ids, crypto.randomUUID()], action: "delete" })).body.affected).toBe(2);
    expect((await call<ErrorBody>(admin, "POST", "/products/bulk", { ids: [], action: "delete" })).body.error.field).toBe("ids");
    expect((await call<ErrorBody>(admin, "POST", "/products/bulk", { ids, action: "burn" })).body.error.field).toBe("action");
  });
});
