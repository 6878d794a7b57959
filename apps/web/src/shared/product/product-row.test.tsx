import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductRow } from "./product-row.tsx";

const renderRow = (row: React.ReactElement) =>
  render(
    <MemoryRouter>
      <ul>{row}</ul>
    </MemoryRouter>,
  );

describe("ProductRow", () => {
  it("links the thumbnail, title and detail to the landing page, with controls and the action outside the link", () => {
    renderRow(
      <ProductRow productId="p1" product={{ title: "Nimbus Pods Pro", thumbnailUrl: null }} detail="₹3,999.20" action={<button type="button">Remove</button>}>
        <button type="button">Increase quantity</button>
      </ProductRow>,
    );
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("/product/p1");
    expect(link.textContent).toBe("Nimbus Pods Pro₹3,999.20");
    expect(within(link).queryByRole("button")).toBeNull();
    expect(within(screen.getByRole("listitem")).getAllByRole("button").map((button) => button.textContent)).toEqual(["Increase quantity", "Remove"]);
    // The missing thumbnail's placeholder is decorative: no unnamed image for assistive tech.
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows 'Product not available' without a link when the product is gone (001 §2)", () => {
    renderRow(<ProductRow productId="gone" product={null} action={<button type="button">Remove from saved</button>} />);
    expect(screen.getByText("Product not available")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByRole("button", { name: "Remove from saved" })).toBeTruthy();
  });
});
