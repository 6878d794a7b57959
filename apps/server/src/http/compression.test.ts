import { Hono } from "hono";
import { compress } from "hono/compress";
import { describe, expect, it } from "vitest";
import { compression } from "./compression.ts";

const big = { items: Array.from({ length: 200 }, (_, index) => ({ index, title: `Item ${index}` })) };

/** One app per middleware, with answers of every kind the decision depends on. */
function appWith(middleware: ReturnType<typeof compression>) {
  const app = new Hono();
  app.use("*", middleware);
  app.get("/small", (c) => c.json({ liked: true, likeCount: 3 }));
  app.get("/big", (c) => c.json(big));
  app.get("/sized", (c) => c.body("x".repeat(100), 200, { "Content-Type": "text/plain", "Content-Length": "100" }));
  app.get("/image", (c) => c.body(new Uint8Array(2000), 200, { "Content-Type": "image/png" }));
  app.get("/no-transform", (c) => c.json(big, 200, { "Cache-Control": "no-transform" }));
  app.get("/vary", (c) => c.json(big, 200, { Vary: "Cookie" }));
  app.get("/vary-all", (c) => c.json(big, 200, { Vary: "*" }));
  app.get("/partial", (c) => c.body("partial", 206, { "Content-Type": "text/plain" }));
  return app;
}

describe("compression", () => {
  const ours = appWith(compression());
  const hono = appWith(compress());
  const paths = ["/small", "/big", "/sized", "/image", "/no-transform", "/vary", "/vary-all", "/partial"];

  it("answers a request without Accept-Encoding with hono's headers and bytes", async () => {
    for (const path of paths) {
      for (const method of ["GET", "HEAD"]) {
        const [a, b] = await Promise.all([ours.request(path, { method }), hono.request(path, { method })]);
        expect(Object.fromEntries(a.headers), `${method} ${path}`).toEqual(Object.fromEntries(b.headers));
        expect(a.status).toBe(b.status);
        expect(await a.text()).toBe(await b.text());
      }
    }
    expect((await ours.request("/small")).headers.get("vary")).toBe("Accept-Encoding");
    expect((await ours.request("/vary")).headers.get("vary")).toBe("Cookie, Accept-Encoding");
  });

  it("leaves a request that accepts an encoding to hono's compress", async () => {
    for (const path of paths) {
      const headers = { "Accept-Encoding": "gzip, deflate, br" };
      const [a, b] = await Promise.all([ours.request(path, { headers }), hono.request(path, { headers })]);
      expect(Object.fromEntries(a.headers), path).toEqual(Object.fromEntries(b.headers));
      expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer())), path).toBe(true);
    }
    expect((await ours.request("/big", { headers: { "Accept-Encoding": "gzip" } })).headers.get("content-encoding")).toBe("gzip");
  });
});
