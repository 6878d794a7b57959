import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";

describe("health and API basics", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("reports ok and which database it runs on", async () => {
    const { status, body } = await server.json("/api/health");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok", db: process.env.TEST_DATABASE_URL ? "postgres" : "pglite" });
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const { status, body } = await server.json<{ error: { code: string } }>("/api/no-such-thing");
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });

  it("publishes an OpenAPI 3.1 document that lists the API routes", async () => {
    const { status, body } = await server.json<{ openapi: string; paths: Record<string, unknown> }>("/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toContain("/api/health");
  });
});
