import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";

const CLIENT_ID = "reelmart-test-client";
const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => !pair!.endsWith("="))
    .join("; ");

/** Google's identity, as the local issuer will put it in its ID tokens. */
let identity = { sub: "google-sub-1", email: "shopper@gmail.example", name: "Shopper" };

describe("Google sign-in against a local OpenID issuer (GOOGLE_ISSUER)", () => {
  let issuer: OAuth2Server;
  let server: TestServer;

  beforeAll(async () => {
    issuer = new OAuth2Server();
    await issuer.issuer.keys.generate("RS256");
    await issuer.start(0, "127.0.0.1");
    issuer.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, { ...identity, email_verified: true });
    });
    server = await startTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-secret", GOOGLE_ISSUER: issuer.issuer.url! });
  });
  afterAll(async () => {
    await server.close();
    await issuer.stop();
  });

  /** Runs the redirect flow: our server → the issuer's authorize endpoint → our callback. */
  async function redirectFlow(start: Response, extraCookie = "") {
    const { url } = (await start.json()) as { url: string };
    const authorize = new URL(url);
    const consent = await fetch(authorize, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get("location")!);
    const cookie = [extraCookie, cookiesOf(start)].filter(Boolean).join("; ");
    const done = await server.request(`${callback.pathname}${callback.search}`, { headers: { cookie } });
    return { authorize, callback, done };
  }

  it("asks the issuer for offline access with consent, returns to /auth on our origin, and signs in", async () => {
    identity = { sub: "google-sub-1", email: "shopper@gmail.example", name: "Shopper" };
    const start = await server.request("/api/auth/sign-in/social", post({ provider: "google", callbackURL: "/auth?from=%2Fprofile", errorCallbackURL: "/auth" }));
    expect(start.status).toBe(200);
    const { authorize, callback, done } = await redirectFlow(start);
    expect(authorize.origin).toBe(new URL(issuer.issuer.url!).origin);
    expect(authorize.searchParams.get("access_type")).toBe("offline");
    expect(authorize.searchParams.get("prompt")).toContain("consent");
    expect(authorize.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(callback.href.startsWith("http://localhost:3000/api/auth/callback/google?")).toBe(true);
    expect(done.status).toBe(302);
    // Back on our own origin (a path, resolved against the site), at /auth with the return path.
    const back = new URL(done.headers.get("location")!, "http://localhost:3000");
    expect(back.href).toBe("http://localhost:3000/auth?from=%2Fprofile");
    const me = await server.json<{ email: string }>("/api/me", { headers: { cookie: cookiesOf(done) } });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("shopper@gmail.example");
    const account = await server.deps.database.db
      .selectFrom("account" as never)
      .select(["providerId" as never, "refreshToken" as never])
      .where("providerId" as never, "=", "google" as never)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ providerId: "google" });
    expect((account as { refreshToken: string | null }).refreshToken).toBeTruthy();
  });

  it("One Tap: an ID token signed by the issuer's keys signs in; a token from other keys is refused", async () => {
    const idToken = await issuer.issuer.buildToken({
      scopesOrTransform: (_header, payload) => Object.assign(payload, { sub: "google-sub-2", aud: CLIENT_ID, email: "tapper@gmail.example", email_verified: true, name: "Tapper" }),
    });
    const signedIn = await server.request("/api/auth/sign-in/social", post({ provider: "google", idToken: { token: idToken } }));
    expect(signedIn.status).toBe(200);
    const me = await server.json<{ email: string }>("/api/me", { headers: { cookie: cookiesOf(signedIn) } });
    expect(me.body.email).toBe("tapper@gmail.example");

    const stranger = new OAuth2Server();
    await stranger.issuer.keys.generate("RS256");
    // Same issuer name and audience, different signing keys.
    stranger.issuer.url = issuer.issuer.url;
    const forged = await stranger.issuer.buildToken({
      scopesOrTransform: (_header, payload) => Object.assign(payload, { sub: "google-sub-3", aud: CLIENT_ID, email: "mallory@gmail.example" }),
    });
    const refused = await server.request("/api/auth/sign-in/social", post({ provider: "google", idToken: { token: forged } }));
    expect(refused.status).toBe(401);
  });

  it("One Tap: an ID token issued to another client is refused", async () => {
    // A server of its own: sign-in endpoints allow 3 attempts per 10 s and the tests above used them.
    const fresh = await startTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-secret", GOOGLE_ISSUER: issuer.issuer.url! });
    try {
      const wrongAudience = await issuer.issuer.buildToken({
        scopesOrTransform: (_header, payload) => Object.assign(payload, { sub: "google-sub-4", aud: "someone-else", email: "other@gmail.example" }),
      });
      const refused = await fresh.json<{ error: { code: string } }>("/api/auth/sign-in/social", post({ provider: "google", idToken: { token: wrongAudience } }));
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("INVALID_TOKEN");
    } finally {
      await fresh.close();
    }
  });

  it("links Google to an email account, unlinks it, and refuses to remove the last identity", async () => {
    const user = await signUpUser(server, { email: "linker@gmail.example" });
    identity = { sub: "google-sub-5", email: "linker@gmail.example", name: "Linker" };
    const start = await server.request("/api/auth/link-social", post({ provider: "google", callbackURL: "/profile" }, user.headers));
    expect(start.status, await start.clone().text()).toBe(200);
    const { done } = await redirectFlow(start, user.cookie);
    expect(new URL(done.headers.get("location")!, "http://localhost:3000").href).toBe("http://localhost:3000/profile");
    const linked = await server.json<{ id: string; providerId: string }[]>("/api/auth/list-accounts", { headers: user.headers });
    expect(linked.body.map((account) => account.providerId).sort()).toEqual(["credential", "google"]);

    const unlinked = await server.request("/api/auth/unlink-account", post({ accountId: linked.body.find((a) => a.providerId === "google")!.id }, user.headers));
    expect(unlinked.status, await unlinked.clone().text()).toBe(200);
    const last = await server.json<{ error: { code: string; message: string } }>("/api/auth/unlink-account", post({ accountId: linked.body.find((a) => a.providerId === "credential")!.id }, user.headers));
    expect(last.status).toBe(400);
    expect(last.body.error.code).toBe("single_identity_not_deletable");
    const remaining = await server.json<{ providerId: string }[]>("/api/auth/list-accounts", { headers: user.headers });
    expect(remaining.body.map((account) => account.providerId)).toEqual(["credential"]);
  });
});
