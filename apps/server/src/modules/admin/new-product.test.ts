import type { AdminProduct, AdminProductSaveInput } from "@reelmart/core/api/admin";
import type { ErrorBody } from "@reelmart/core/api/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketplace } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

// Decision 215: the admin's New product stores nothing until the owner saves; the first save makes
// the product with what they entered, in one step, so no 'Untitled product' is left behind.
describe("a new product from the editor", () => {
  let server: TestServer;
  let admin: TestUser;
  let india: string;

  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    server.json<T>(`/api/admin${path}`, {
      method,
      headers: { ...admin.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const productCount = async () => Number((await server.deps.database.db.selectFrom("products").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);

  const firstSave = (changes: Partial<AdminProductSaveInput> = {}): AdminProductSaveInput => ({
    version: 0,
    title: "Reading lamp",
    description: "Warm light",
    price: "1499",
    discountPercentage: 0,
    category: "Lighting",
    stock: 12,
    status: "active",
    brandId: null,
    specifications: {},
    highlights: ["Dimmable"],
    promotion: null,
    variants: [{ size: "Large", color: "Amber", colorHex: "#ffbf00", stock: 5, priceAdjustment: "0" }],
    marketplaceIds: [india],
    media: [],
    ...changes,
  });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpUser(server, { admin: true });
    india = (await createMarketplace(server.deps.database.db, { name: "India" })).id;
    expect((await call("POST", "/categories", { name: "Lighting" })).status).toBe(201);
  });
  afterAll(() => server.close());

  it("makes the product the first save describes, in one step, audited as made and published", async () => {
    const before = await productCount();
    const created = await call<{ id: string }>("POST", "/products", firstSave());
    expect(created.status).toBe(201);
    expect(await productCount()).toBe(before + 1);
    const { body } = await call<AdminProduct>("GET", `/products/${created.body.id}`);
    expect(body).toMatchObject({ title: "Reading lamp", price: "1499.00", category: "Lighting", stock: 12, status: "active", highlights: ["Dimmable"], marketplaceIds: [india] });
    expect(body.variants).toMatchObject([{ size: "Large", color: "Amber", stock: 5 }]);
    const audit = await server.deps.database.db.selectFrom("admin_audit_log").select("action").where("entity_id", "=", created.body.id).orderBy("created_at").execute();
    expect(audit.map((entry) => entry.action)).toEqual(["created", "published"]);
  });

  it("leaves nothing behind when the first save is refused", async () => {
    const before = await productCount();
    const refused = await call<ErrorBody>("POST", "/products", firstSave({ category: "No such category" }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe("category");
    const invalid = await call<ErrorBody>("POST", "/products", firstSave({ title: "" }));
    expect(invalid.status).toBe(400);
    expect(await productCount()).toBe(before);
  });

  it("still makes the spec's draft without a body, in the 'other' category whatever its case", async () => {
    // The drafts above made 'other'; the owner writes it 'Other'.
    expect((await call("PUT", "/categories/other", { name: "Other" })).status).toBe(200);
    const created = await call<{ id: string }>("POST", "/products");
    expect(created.status).toBe(201);
    const { body } = await call<AdminProduct>("GET", `/products/${created.body.id}`);
    expect(body).toMatchObject({ title: "Untitled product", category: "Other", status: "draft" });
  });
});
