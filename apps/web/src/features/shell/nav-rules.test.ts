import { describe, expect, it } from "vitest";
import { formatCartBadge, isNavTabActive } from "./nav-rules.ts";

describe("isNavTabActive", () => {
  it("makes Home active only on exactly /", () => {
    expect(isNavTabActive("/", "/")).toBe(true);
    expect(isNavTabActive("/", "/explore")).toBe(false);
    expect(isNavTabActive("/", "/product/1")).toBe(false);
  });

  it("makes other tabs active by path prefix", () => {
    expect(isNavTabActive("/explore", "/explore")).toBe(true);
    expect(isNavTabActive("/profile", "/profile/settings")).toBe(true);
    expect(isNavTabActive("/cart", "/cart/")).toBe(true);
    expect(isNavTabActive("/cart", "/saved")).toBe(false);
    expect(isNavTabActive("/cart", "/cartography")).toBe(false);
    expect(isNavTabActive("/saved", "/")).toBe(false);
  });
});

describe("formatCartBadge", () => {
  it("hides the badge at 0 or below", () => {
    expect(formatCartBadge(0)).toBeNull();
    expect(formatCartBadge(-3)).toBeNull();
    expect(formatCartBadge(Number.NaN)).toBeNull();
  });

  it("shows the count from 1 to 99 and 99+ above", () => {
    expect(formatCartBadge(1)).toBe("1");
    expect(formatCartBadge(99)).toBe("99");
    expect(formatCartBadge(100)).toBe("99+");
    expect(formatCartBadge(2500)).toBe("99+");
  });
});
