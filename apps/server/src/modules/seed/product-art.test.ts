import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { MediaCache } from "../media/cache.ts";
import { DEMO_BRANDS, DEMO_PRODUCTS } from "./demo-data.ts";
import { brandLogoSvg, loadIcon, luminance, mix, productArtSvg, renderProductPhoto, studioTint } from "./product-art.ts";

describe("demo product art", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-art-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds every demo product's and brand's icon in lucide", async () => {
    for (const item of [...DEMO_PRODUCTS, ...DEMO_BRANDS]) {
      const node = await loadIcon(item.icon);
      expect(node.length, item.icon).toBeGreaterThan(0);
      expect(node.every(([tag]) => ["path", "circle", "rect", "line", "ellipse", "polyline", "polygon"].includes(tag))).toBe(true);
    }
  });

  it("draws shapes only: no text, so nothing depends on fonts and no price or title is baked in", async () => {
    const node = await loadIcon("watch");
    for (const svg of [productArtSvg(node, "#f472b6", "front"), productArtSvg(node, "#f472b6", "angle"), brandLogoSvg(node, ["#111827", "#f472b6"])]) {
      expect(svg).not.toMatch(/<text|₹/);
      expect(svg).toContain('d="M12 10v2.2l1.6 1"');
    }
  });

  it("renders a square JPEG photo per colour and view, different for each", async () => {
    const cache = new MediaCache(dir);
    const node = await loadIcon("earbuds");
    const files = await Promise.all(
      (["front", "angle", "closeUp"] as const).map((view) => renderProductPhoto(cache, { node, color: "#111827", tint: "#1e3a8a", view })),
    );
    files.push(await renderProductPhoto(cache, { node, color: "#f97316", tint: "#1e3a8a", view: "front" }));
    const pixels = await Promise.all(files.map((file) => sharp(file).resize(16, 16).raw().toBuffer()));
    expect(new Set(pixels.map((buffer) => buffer.toString("hex"))).size).toBe(4);
    expect(await sharp(files[0]!).metadata()).toMatchObject({ format: "jpeg", width: 900, height: 900 });
  });

  it("lightens the backdrop behind a dark product and darkens it behind a light one", () => {
    expect(luminance(studioTint("#1e3a8a", "#111827"))).toBeGreaterThan(luminance("#1e3a8a"));
    expect(luminance(studioTint("#1e3a8a", "#f3f4f6"))).toBeLessThan(luminance("#1e3a8a"));
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
  });
});
