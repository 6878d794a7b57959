import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Operation, fillPath, listOperations } from "../testing/openapi-operations.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";

// Who before what: every operation in /api/openapi.json, called with a body no schema accepts,
// answers 401 anonymously and 403 to a shopper wherever its `security` asks for a session or a role.
describe("access is checked before input on every operation", () => {
  let server: TestServer;
  let shopper: TestUser;
  let operations: Operation[];

  beforeAll(async () => {
    server = await startTestServer();
    shopper = await signUpUser(server);
    operations = (await listOperations(server)).filter((operation) => !operation.path.startsWith("/api/auth/"));
  });
  afterAll(() => server.close());

  const call = (operation: Operation, headers: Record<string, string> = {}) =>
    server.request(fillPath(operation, () => "not-an-id"), {
      method: operation.method,
      headers: { "content-type": "application/json", ...headers },
      body: ["GET", "HEAD"].includes(operation.method) ? undefined : '{"unexpected": [1, {"deeply": null}], "text": "\\u0000"}',
    });

  it("declares a session on every operation that needs one", () => {
    const signedIn = operations.filter((operation) => operation.requires !== null).map((operation) => `${operation.method} ${operation.path}`);
    for (const expected of ["GET /api/cart", "PATCH /api/me/profile", "PUT /api/me/marketplace", "POST /api/admin/invitations", "POST /api/media/{id}/comments"]) {
      expect(signedIn).toContain(expected);
    }
  });

  it("answers 401 to anonymous callers and 403 to shoppers on protected operations, whatever the body", async () => {
    for (const operation of operations.filter((candidate) => candidate.requires !== null)) {
      const name = `${operation.method} ${operation.path}`;
      const anonymous = await call(operation);
      expect(anonymous.status, name).toBe(401);
      // A HEAD answer has no body (the tus upload status); the status says it all.
      if (operation.method !== "HEAD") expect(((await anonymous.json()) as { error: { code: string } }).error.code, name).toBe("unauthenticated");
      if (operation.requires!.includes("admin")) {
        const asShopper = await call(operation, shopper.headers);
        expect(asShopper.status, name).toBe(403);
      } else {
        expect([401, 403], name).not.toContain((await call(operation, shopper.headers)).status);
      }
    }
  });

  it("never asks an anonymous caller to sign in on an operation that declares none", async () => {
    for (const operation of operations.filter((candidate) => candidate.requires === null)) {
      const response = await call(operation);
      expect(response.status, `${operation.method} ${operation.path}`).not.toBe(401);
      expect(response.status, `${operation.method} ${operation.path}`).toBeLessThan(500);
    }
  });

  it("keeps the three routes that validated first in line (issue 15)", async () => {
    const body = { method: "PATCH", headers: { "content-type": "application/json" }, body: "{" };
    expect((await server.request("/api/me/profile", body)).status).toBe(401);
    expect((await server.request("/api/me/marketplace", { ...body, method: "PUT" })).status).toBe(401);
    expect((await server.request("/api/admin/invitations", { ...body, method: "POST", headers: { ...body.headers, ...shopper.headers } })).status).toBe(403);
    expect((await server.request(`/api/cart/items/${randomUUID()}`, { ...body, method: "PUT" })).status).toBe(401);
  });
});
