import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { asReturningVisitor } from "./support/returning-visitor.ts";

// Decision 162: the server paints a product page's first picture from the page HTML, fixed where the
// app shows it. The copy must sit exactly on the app's picture (same box, same URL), leave once the
// app's picture is there, and shift nothing, on a phone and on a laptop (the centred column).

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

declare global {
  interface Window {
    __bootPicture?: { rect: Rect; src: string };
    __layoutShifts?: string[];
  }
}

/**
 * Before any app code: note the server's copy as the parser creates it, and every layout shift of
 * the page's content. The shell's marketplace badge (top right, above every page) takes its width
 * once the marketplaces are read, whichever page is open; that is not this page's shift.
 */
function watchFirstPaint() {
  window.__layoutShifts = [];
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      const moved = entry.sources
        .map((source) => source.node)
        .filter((node) => !(node instanceof Element && node.closest("[data-testid='marketplace-badge']")))
        .map((node) => (node instanceof Element ? node.outerHTML.slice(0, 120) : String(node?.nodeName)));
      if (!entry.hadRecentInput && moved.length) window.__layoutShifts!.push(`${entry.value.toFixed(5)} ${moved.join(" | ")}`);
    }
  }).observe({ type: "layout-shift", buffered: true });
  document.addEventListener("DOMContentLoaded", () => {
    const copy = document.getElementById("boot-picture") as HTMLImageElement | null;
    if (!copy) return;
    const { x, y, width, height } = copy.getBoundingClientRect();
    window.__bootPicture = { rect: { x, y, width, height }, src: copy.src };
  });
}

async function firstProductId(request: APIRequestContext): Promise<string> {
  let id = "";
  await expect
    .poll(async () => {
      const { items } = (await (await request.get("/api/products?limit=1")).json()) as { items: { id: string }[] };
      id = items[0]?.id ?? "";
      return id;
    }, { timeout: 60_000 })
    .not.toBe("");
  return id;
}

async function appPicture(page: Page, selector: string): Promise<{ rect: Rect; src: string }> {
  const picture = page.locator(selector).first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  return picture.evaluate((image: HTMLImageElement) => {
    const { x, y, width, height } = image.getBoundingClientRect();
    return { rect: { x, y, width, height }, src: image.src };
  });
}

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
  { name: "laptop", viewport: { width: 1280, height: 800 }, isMobile: false },
];

const PAGES = [
  { route: "product-profile", picture: "main section[aria-labelledby='product-title'] > img" },
  { route: "product", picture: "ul[aria-label='Product images'] li:first-child img" },
];

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.isMobile });

    for (const { route, picture } of PAGES) {
      test(`/${route}/{id}: the server's first picture lies on the app's, then leaves, and nothing shifts`, async ({ page, request }) => {
        const id = await firstProductId(request);
        await asReturningVisitor(page, request);
        await page.addInitScript(watchFirstPaint);
        await page.goto(`/${route}/${id}`);

        const own = await appPicture(page, picture);
        const copy = await page.evaluate(() => window.__bootPicture);
        expect(copy, "the page HTML carries the first picture").toBeDefined();
        expect(copy!.src).toBe(own.src);
        for (const key of ["x", "y", "width", "height"] as const) expect(copy!.rect[key], key).toBeCloseTo(own.rect[key], 0);

        await expect(page.locator("#boot-picture")).toHaveCount(0);
        expect(await page.evaluate(() => window.__layoutShifts)).toEqual([]);
      });
    }
  });
}
