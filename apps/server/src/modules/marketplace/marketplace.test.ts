import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketplace } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

interface Preference {
  marketplaceId: string | null;
  updatedAt: string | null;
}
interface ErrorReply {
  error: { code: string; message: string; field?: string };
}

describe("GET and PUT /api/me/marketplace", () => {
  let server: TestServer;
  let user: TestUser;
  let other: TestUser;
  let india: { id: string };
  let japan: { id: string };
  let closed: { id: string };

  const put = (who: TestUser | null, body: unknown) =>
    server.json<Preference & ErrorReply>("/api/me/marketplace", {
      method: "PUT",
      headers: { "content-type": "application/json", ...who?.headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.deps.database.db;
    india = await createMarketplace(db, { name: "India", display_order: 1 });
    japan = await createMarketplace(db, { name: "Japan", display_order: 2 });
    closed = await createMarketplace(db, { name: "Closed", is_active: false });
    user = await signUpUser(server);
    other = await signUpUser(server);
  });
  afterAll(() => server.close());

  it("answers 401 when signed out", async () => {
    expect((await server.json("/api/me/marketplace")).status).toBe(401);
    const { status, body } = await put(null, { marketplaceId: india.id });
    expect(status).toBe(401);
    expect(body.error.code).toBe("unauthenticated");
  });

  it("reports no preference before one is saved", async () => {
    const { status, body } = await server.json<Preference>("/api/me/marketplace", { headers: user.headers });
    expect(status).toBe(200);
    expect(body).toEqual({ marketplaceId: null, updatedAt: null });
  });

  it("saves, then replaces, the single preference row (upsert on user id)", async () => {
    const first = await put(user, { marketplaceId: india.id });
    expect(first.status).toBe(200);
    expect(first.body.marketplaceId).toBe(india.id);
    const second = await put(user, { marketplaceId: japan.id });
    expect(second.body.marketplaceId).toBe(japan.id);

    const read = await server.json<Preference>("/api/me/marketplace", { headers: user.headers });
    expect(read.body.marketplaceId).toBe(japan.id);
    expect(Date.parse(read.body.updatedAt ?? "")).not.toBeNaN();
    const rows = await server.deps.database.db
      .selectFrom("user_marketplace_preferences")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("keeps each user's preference to themselves", async () => {
    const { body } = await server.json<Preference>("/api/me/marketplace", { headers: other.headers });
    expect(body.marketplaceId).toBeNull();
  });

  it("rejects an unknown or inactive marketplace with 404 and leaves the preference unchanged", async () => {
    const unknownId = "00000000-0000-4000-8000-000000000000";
    const unknown = await put(user, { marketplaceId: unknownId });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(`Marketplace with ID ${unknownId} not found`);
    const inactive = await put(user, { marketplaceId: closed.id });
    expect(inactive.status).toBe(404);
    const read = await server.json<Preference>("/api/me/marketplace", { headers: user.headers });
    expect(read.body.marketplaceId).toBe(japan.id);
  });

  it.each([[{ marketplaceId: "" }], [{ marketplaceId: "not-a-uuid" }], [{}]])("rejects %j with 400 naming the field", async (body) => {
    const { status, body: reply } = await put(user, body);
    expect(status).toBe(400);
    expect(reply.error.field).toBe("marketplaceId");
  });

  it("is described in the OpenAPI document", async () => {
    const { body } = await server.json<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
    expect(Object.keys(body.paths["/api/me/marketplace"] ?? {}).sort()).toEqual(["get", "put"]);
  });
});
