import type { ErrorBody } from "@reelmart/core/api/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

type OpenApi = { paths: Record<string, Record<string, unknown>> };

// Every /api/admin route in the OpenAPI document, whichever module adds it, is checked here.
describe("every /api/admin route", () => {
  let server: TestServer;
  let shopper: TestUser;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    server = await startTestServer();
    shopper = await signUpUser(server);
    const { body } = await server.json<OpenApi>("/api/openapi.json");
    routes = Object.entries(body.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(() => server.close());

  // Path parameters get a random id and the body is garbage: the answer must still be about who asks.
  const call = (route: { method: string; path: string }, headers: Record<string, string> = {}) =>
    server.json<ErrorBody>(route.path.replace(/\{[^}]+\}/g, crypto.randomUUID()), {
      method: route.method,
      headers: { ...headers, ...(route.method === "GET" || route.method === "DELETE" ? {} : { "content-type": "application/json" }) },
      body: route.method === "GET" || route.method === "DELETE" ? undefined : "{not json",
    });

  it("are described in the OpenAPI document", () => {
    expect(routes.length).toBeGreaterThan(2);
  });

  it("answer 401 to anonymous callers before looking at the input", async () => {
    for (const route of routes) {
      const { status, body } = await call(route);
      expect({ route, status, code: body.error.code }).toEqual({ route, status: 401, code: "unauthenticated" });
    }
  });

  it("answer 403 to signed-in shoppers before looking at the input", async () => {
    for (const route of routes) {
      const { status, body } = await call(route, shopper.headers);
      expect({ route, status, code: body.error.code }).toEqual({ route, status: 403, code: "forbidden" });
    }
  });
});
