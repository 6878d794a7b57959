// The demo catalogue's files: flags, brand logos and covers, and each product's photos rendered in its
// variants' colours, put into storage for the rows to name.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AppDeps } from "../../context.ts";
import { MediaCache } from "../media/cache.ts";
import { PRODUCT_MEDIA_BUCKET } from "../media/media-jobs.ts";
import { demoId } from "./demo-id.ts";
import { DEMO_BRANDS, DEMO_MARKETPLACES, type DemoProduct } from "./demo-data.ts";
import { type ArtView, type IconNode, brandLogoSvg, loadIcon, renderBrandCover, renderProductPhoto } from "./product-art.ts";

interface DemoPhoto {
  key: string;
  url: string;
  /** The variant colour it shows. */
  color: string;
}

export interface DemoFiles {
  flags: Map<string, string>;
  logos: Map<string, string>;
  covers: Map<string, string>;
  icons: Map<string, IconNode>;
  /** Product key → photos: front (the cover), angle, close-up (filmed products), then the front in each other variant colour. */
  photos: Map<string, DemoPhoto[]>;
}

/**
 * Product photos, and with `store` the flags, logos and covers, into storage under content-hashed
 * keys (re-uploading is harmless).
 */
export async function uploadDemoFiles(deps: Pick<AppDeps, "config" | "storage">, products: DemoProduct[], { store }: { store: boolean }): Promise<DemoFiles> {
  const { storage } = deps;
  const cache = new MediaCache(deps.config.mediaCacheDir);
  const assets = assetsDir();
  const put = async (key: (hash: string) => string, body: Buffer, contentType: string) => {
    const fullKey = key(createHash("sha256").update(body).digest("hex").slice(0, 16));
    await storage.put(PRODUCT_MEDIA_BUCKET, fullKey, body, { contentType });
    return storage.publicUrl(PRODUCT_MEDIA_BUCKET, fullKey);
  };
  const svg = "image/svg+xml";
  const storeFiles = store ? { marketplaces: DEMO_MARKETPLACES, brands: DEMO_BRANDS } : { marketplaces: [], brands: [] };
  const icons = new Map(await Promise.all([...products, ...storeFiles.brands].map(async (item) => [item.key, await loadIcon(item.icon)] as const)));
  const [flags, logos, covers, photos] = await Promise.all([
    Promise.all(
      storeFiles.marketplaces.map(async (m) => [m.key, await put((h) => `marketplaces/flag-${m.key}-${h}.svg`, await readFile(path.join(assets, "flags", m.flag)), svg)] as const),
    ),
    Promise.all(
      storeFiles.brands.map(async (b) => [b.key, await put((h) => `brands/${demoId("brand", b.key)}/logo-${h}.svg`, Buffer.from(brandLogoSvg(icons.get(b.key)!, b.colors)), svg)] as const),
    ),
    Promise.all(
      storeFiles.brands.map(async (b) => {
        // The cover lines up the brand's filmed products (two each); more would crowd its 3:1 frame.
        const nodes = products.filter((product) => product.brand === b.key).map((product) => icons.get(product.key)!);
        const file = await renderBrandCover(cache, { nodes, colors: b.colors });
        return [b.key, await put((h) => `brands/${demoId("brand", b.key)}/cover-${h}.jpg`, await readFile(file), "image/jpeg")] as const;
      }),
    ),
    Promise.all(
      products.map(async (product) => {
        const productId = demoId("product", product.key);
        const colors = [...new Set(product.variants.map((variant) => variant.colorHex ?? product.colors[1]))];
        const main = colors[0]!;
        // A photographed-only product skips the close-up, the costliest render (art drawn at twice the size).
        const shots: Array<{ key: string; color: string; view: ArtView | "closeUp" }> = [
          { key: "front", color: main, view: "front" },
          { key: "angle", color: main, view: "angle" },
          ...(product.video ? [{ key: "close-up", color: main, view: "closeUp" as const }] : []),
          ...colors.slice(1).map((color) => ({ key: `front-${color.slice(1)}`, color, view: "front" as const })),
        ];
        const list = await Promise.all(
          shots.map(async (shot) => {
            const file = await renderProductPhoto(cache, { node: icons.get(product.key)!, color: shot.color, tint: product.colors[0], view: shot.view });
            return { key: shot.key, color: shot.color, url: await put((h) => `products/${productId}/image-${h}.jpg`, await readFile(file), "image/jpeg") };
          }),
        );
        return [product.key, list] as const;
      }),
    ),
  ]);
  return { flags: new Map(flags), logos: new Map(logos), covers: new Map(covers), icons, photos: new Map(photos) };
}

/** The committed flags, from source (tests, tsx) or from the bundle in apps/server/dist. */
function assetsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "assets"), path.resolve(here, "../src/modules/seed/assets")];
  const found = candidates.find((dir) => existsSync(path.join(dir, "flags")));
  if (!found) throw new Error(`demo assets not found (looked in ${candidates.join(", ")})`);
  return found;
}
