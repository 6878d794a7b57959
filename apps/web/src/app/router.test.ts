import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { loadScreenFor, routes } from "./router.tsx";

// The admin area must be matched (and its lazy chunk loaded) for /admin itself, not only for its
// sections: a route that matches the guard alone renders an empty page.
describe("routes", () => {
  it.each(["/admin", "/admin/", "/admin/products", "/admin/products/edit/abc", "/admin/media"])("%s reaches the admin area behind the guard", (url) => {
    const matches = matchRoutes(routes, url) ?? [];
    expect(matches.map((match) => match.route.path)).toEqual([undefined, "/admin/*"]);
    expect(matches[1]!.route.element).toBeTruthy();
  });

  it("shopper pages stay in the root layout", () => {
    expect(matchRoutes(routes, "/administrator")?.map((match) => match.route.path)).toEqual(["/", "*"]);
    expect(matchRoutes(routes, "/cart")?.map((match) => match.route.path)).toEqual(["/", undefined, "cart"]);
  });

  it("loads the code of the screen a path shows, before anything renders it", async () => {
    await loadScreenFor("/brand-directory");
    const { screen } = matchRoutes(routes, "/brand-directory")!.at(-1)!.route.handle;
    // Loaded once: asking again settles with the same component at once.
    expect((await screen.load()).name).toBe("BrandDirectoryPage");
    await expect(loadScreenFor("/no/such/page")).resolves.toBeUndefined();
  });

  it("loads an admin section's code with the admin area's, so a direct load renders it without suspending", async () => {
    await loadScreenFor("/admin/brands/");
    const { ADMIN_SECTIONS } = await import("../features/admin/admin-sections.tsx");
    const loaded = (path: string) => (ADMIN_SECTIONS.find((section) => section.path === path)!.screen.load() as Promise<unknown> & { status?: string }).status;
    // React's tracked-promise field, which lets `use` read the screen without suspending.
    expect(loaded("brands")).toBe("fulfilled");
    expect(loaded("users")).toBe("pending");
    await loadScreenFor("/admin");
    expect(loaded("")).toBe("fulfilled");
  });
});
