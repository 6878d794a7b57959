import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

interface SavedBody {
  items: { productId: string; product: { title: string } | null }[];
  skipped?: string[];
  error: { message: string; field?: string };
}

describe("saved items", () => {
  let server: TestServer;
  let user: TestUser;
  let productId: string;
  const call = (method: string, path: string, who: TestUser | null = user, body?: unknown) =>
    server.json<SavedBody>(`/api/saved${path}`, {
      method,
      headers: { "content-type": "application/json", ...who?.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer();
    user = await signUpUser(server);
    productId = (await createProduct(server.deps.database.db, { title: "Lamp" })).id;
  });
  afterAll(() => server.close());

  it("requires sign-in", async () => {
    expect((await call("GET", "", null)).status).toBe(401);
    expect((await call("PUT", `/${productId}`, null)).status).toBe(401);
  });

  it("saves idempotently (also by a suffixed feed id), lists and unsaves", async () => {
    expect((await server.request(`/api/saved/${productId}`, { method: "PUT", headers: user.headers })).status).toBe(204);
    expect((await server.request(`/api/saved/${productId}-demo-3`, { method: "PUT", headers: user.headers })).status).toBe(204);
    const list = await call("GET", "");
    expect(list.body.items).toEqual([{ productId, product: { id: productId, title: "Lamp", price: "999.00", discountPercentage: 0, thumbnailUrl: null } }]);
    expect((await server.request(`/api/saved/${productId}`, { method: "DELETE", headers: user.headers })).status).toBe(204);
    expect((await call("GET", "")).body.items).toEqual([]);
  });

  it("counts a product's saves on the engagement of each of its videos, which names the product", async () => {
    const { db } = server.deps.database;
    const product = await createProduct(db, { title: "Kettle" });
    const media = await createMedia(db, product.id);
    const engagement = async () => (await server.json<{ productId: string; saveCount: number }>(`/api/media/${media.id}/engagement`)).body;
    const saves = async () => (await engagement()).saveCount;
    // The client moves the count of each video of a product it saves by this.
    expect((await engagement()).productId).toBe(product.id);
    expect(await saves()).toBe(0);
    const other = await signUpUser(server);
    for (const who of [user, other]) expect((await server.request(`/api/saved/${product.id}`, { method: "PUT", headers: who.headers })).status).toBe(204);
    expect(await saves()).toBe(2);
    await server.request(`/api/saved/${product.id}`, { method: "DELETE", headers: other.headers });
    expect(await saves()).toBe(1);
    await server.request(`/api/saved/${product.id}`, { method: "DELETE", headers: user.headers });
    expect(await saves()).toBe(0);
  });

  it("validates the product id with the spec's messages", async () => {
    const invalid = await call("PUT", "/not-a-product");
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ message: "Invalid product ID", field: "productId" });
    const missing = "00000000-0000-4000-8000-000000000000";
    const unknown = await call("PUT", `/${missing}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(`Product with ID ${missing} not found`);
  });

  it("merges the signed-out list, skipping unknown ids, without touching other users", async () => {
    const second = (await createProduct(server.deps.database.db, { status: "archived" })).id;
    const stranger = await signUpUser(server);
    const merged = await call("POST", "/merge", user, { productIds: [productId, `${second}-ugc-1`, "junk", "00000000-0000-4000-8000-000000000000"] });
    expect(merged.status).toBe(200);
    expect(merged.body.items.map((i) => i.productId).sort()).toEqual([productId, second].sort());
    expect(merged.body.items.find((i) => i.productId === second)?.product).toBeNull();
    expect(merged.body.skipped?.sort()).toEqual(["00000000-0000-4000-8000-000000000000", "junk"]);
    expect((await call("GET", "", stranger)).body.items).toEqual([]);
    expect((await call("POST", "/merge", user, { productIds: "nope" })).status).toBe(400);
  });
});
