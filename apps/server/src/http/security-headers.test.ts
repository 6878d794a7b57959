import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { signUpUser } from "../testing/users.ts";
import { createSecurityHeaders } from "./security-headers.ts";

const headersFor = (env: Record<string, string>, path = "/") => new Map(createSecurityHeaders(loadConfig({ NODE_ENV: "test", ...env })).headersFor(path));

describe("security headers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("sends a strict policy on the API, auth routes and unknown paths, without HSTS over http", async () => {
    for (const path of ["/api/health", "/api/auth/get-session", "/api/no-such-route", "/some/page"]) {
      const response = await server.request(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
      expect(response.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("adds HSTS for a year with subdomains when the public URL is https", () => {
    expect(headersFor({ PUBLIC_URL: "https://shop.example" }).get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(headersFor({ PUBLIC_URL: "http://shop.example" }).has("Strict-Transport-Security")).toBe(false);
  });

  it("names the S3 origin for media, images and uploads when media lives there", () => {
    const csp = headersFor({ STORAGE_DRIVER: "s3", S3_ENDPOINT: "https://media.example:9000/some/path" }).get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/media-src 'self' blob: https:\/\/media\.example:9000(;| )/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/media\.example:9000/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/media\.example:9000/);
  });

  it("allows Google's sign-in script and frame only when Google sign-in is configured", () => {
    const withGoogle = headersFor({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(withGoogle.get("Content-Security-Policy")).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(withGoogle.get("Cross-Origin-Opener-Policy")).toBe("same-origin-allow-popups");
    expect(headersFor({}).get("Content-Security-Policy")).toContain("frame-src 'none'");
  });

  it("marks every answer to a signed-in caller and every auth answer no-store; anonymous public reads stay cacheable", async () => {
    const user = await signUpUser(server);
    const cart = await server.request("/api/cart", { headers: user.headers });
    expect(cart.status).toBe(200);
    expect(cart.headers.get("cache-control")).toBe("no-store");
    const products = await server.request("/api/products", { headers: user.headers });
    expect(products.headers.get("cache-control")).toBe("no-store");
    expect((await server.request("/api/auth/get-session", { headers: user.headers })).headers.get("cache-control")).toBe("no-store");
    expect((await server.request("/api/products")).headers.get("cache-control")).toBeNull();
  });
});
