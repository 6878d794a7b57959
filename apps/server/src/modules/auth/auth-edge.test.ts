import { ERROR_CODES } from "@reelmart/core/api/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { listenWithFastLane } from "../../testing/lane-server.ts";
import { listOperations } from "../../testing/openapi-operations.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { BODY_NOT_AN_OBJECT, BODY_NOT_JSON } from "../../http/errors.ts";

/** JSON that parses to something other than an object. */
const NOT_OBJECTS = ["null", "5", '"x"', "true", "[]", '[{"name":"Asha"}]'];
const MALFORMED = ["{bad", '{"name":', "'x'", "a=b"];

describe("the auth edge's reading of a body", () => {
  let server: TestServer;
  let base: string;
  let close: () => Promise<void>;
  let user: TestUser;
  /** Every POST better-auth answers at a fixed path, from /api/openapi.json. */
  let postPaths: string[];

  beforeAll(async () => {
    server = await startTestServer();
    ({ base, close } = await listenWithFastLane(server));
    user = await signUpUser(server);
    postPaths = (await listOperations(server)).filter((operation) => operation.method === "POST" && operation.path.startsWith("/api/auth/") && !operation.params.length).map((operation) => operation.path);
  });
  afterAll(async () => {
    await close?.();
    await server?.close();
  });

  const post = async (path: string, body: string | undefined, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { method: "POST", headers: { origin: server.deps.config.publicUrl, ...headers }, body });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as { error?: { code: string; message: string; field?: string } }) : undefined };
  };
  const json = { "content-type": "application/json" };

  it("refuses update-user with JSON that is not an object, or no JSON at all, with a 400 in the API's words", async () => {
    for (const body of NOT_OBJECTS) {
      expect(await post("/api/auth/update-user", body, { ...user.headers, ...json }), body).toEqual({ status: 400, body: { error: { code: ERROR_CODES.badRequest, message: BODY_NOT_AN_OBJECT, field: "body" } } });
    }
    for (const body of MALFORMED) {
      expect(await post("/api/auth/update-user", body, { ...user.headers, ...json }), body).toEqual({ status: 400, body: { error: { code: ERROR_CODES.badRequest, message: BODY_NOT_JSON, field: "body" } } });
    }
  });

  it("reads an empty body as no fields: update-user says there is nothing to update, sign-out signs out", async () => {
    for (const headers of [{}, json, { "content-type": "text/plain" }]) {
      expect(await post("/api/auth/update-user", undefined, { ...user.headers, ...headers })).toEqual({ status: 400, body: { error: { code: ERROR_CODES.badRequest, message: "No fields to update" } } });
    }
    const other = await signUpUser(server);
    expect((await post("/api/auth/sign-out", undefined, other.headers)).status).toBe(200);
    expect((await fetch(`${base}/api/me`, { headers: other.headers })).status).toBe(401);
  });

  it("refuses a body that is not a JSON object at every better-auth POST endpoint before better-auth reads it", async () => {
    expect(postPaths).toEqual(expect.arrayContaining(["/api/auth/update-user", "/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/sign-out"]));
    for (const path of postPaths) {
      for (const body of ["null", "5", "[]"]) {
        expect(await post(path, body, { ...user.headers, ...json }), `${path} ${body}`).toEqual({ status: 400, body: { error: { code: ERROR_CODES.badRequest, message: BODY_NOT_AN_OBJECT, field: "body" } } });
      }
      expect(await post(path, "{bad", json), path).toEqual({ status: 400, body: { error: { code: ERROR_CODES.badRequest, message: BODY_NOT_JSON, field: "body" } } });
    }
  });

  it("answers an empty body at every better-auth POST endpoint without a 500", async () => {
    // Anonymous: an endpoint that acts on {} (sign-out, delete-user) has nobody to act on.
    const answers: string[] = [];
    for (const path of postPaths) {
      const answer = await post(path, undefined);
      if (answer.status >= 500) answers.push(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    expect(answers).toEqual([]);
  });
});
