import { expect, test } from "@playwright/test";
import { asReturningVisitor } from "./support/returning-visitor.ts";

// Reach beyond the app (issue 18): a video's own page, /v/{mediaId}. Its first HTML already names
// the video (what a crawler or a chat preview reads); in the browser the video plays as the main
// content and the product card beside it leads to the product.

interface FeedPage {
  items: { id: string; title: string; media: { id: string; type: string; status: string }[] }[];
}

test("a video's own page carries its markup, plays the video and links to its product", async ({ page, request }) => {
  test.setTimeout(180_000);
  // After a first start the demo videos are made in the background: wait for one instead of skipping.
  let product: FeedPage["items"][number] | undefined;
  await expect
    .poll(
      async () => {
        const feed = (await (await request.get("/api/feed?limit=10")).json()) as FeedPage;
        product = feed.items.find((item) => item.media.some((media) => media.type === "video" && media.status === "ready"));
        return Boolean(product);
      },
      { timeout: 150_000 },
    )
    .toBe(true);
  const video = product!.media.find((media) => media.type === "video" && media.status === "ready")!;

  // No JavaScript: the server's HTML alone.
  const html = await (await request.get(`/v/${video.id}`)).text();
  expect(html).toContain('"@type":"VideoObject"');
  expect(html).toContain(`/embed/v/${video.id}`);

  await asReturningVisitor(page, request);
  await page.goto(`/v/${video.id}`);
  const player = page.locator("video");
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0), { timeout: 20_000 }).toBe(true);
  const card = page.getByRole("region", { name: "Product in this video" });
  await expect(card.getByText(product!.title).first()).toBeVisible();
  // At laptop size too the video is the page's main content, above the fold (it once had no width there).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => (await player.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  expect((await player.boundingBox())!.y).toBeLessThan(200);
  await card.getByRole("link", { name: "View product" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product!.id}$`));
});
