import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ProductImage } from "./product-image.tsx";
import { defineBeforeMount } from "../ui/media-state.test-helper.ts";

describe("ProductImage with its picture's events fired before it mounted", () => {
  it("is settled once for a picture that loaded before it mounted", () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: true, naturalWidth: 640 });
    const onSettled = vi.fn();
    render(<ProductImage src="/lamp.jpg" alt="Desk Lamp" eager onSettled={onSettled} />);
    expect(onSettled).toHaveBeenCalledTimes(1);
    fireEvent.load(screen.getByAltText("Desk Lamp"));
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it("falls back to the placeholder for a picture that failed before it mounted", () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: true, naturalWidth: 0, decode: undefined });
    render(<ProductImage src="/missing.jpg" alt="Desk Lamp" eager />);
    expect(screen.getByAltText("Desk Lamp")).toHaveAttribute("src", "/placeholder.svg");
    // The placeholder failing in turn leaves the icon.
    fireEvent.error(screen.getByAltText("Desk Lamp"));
    expect(screen.getByRole("img", { name: "Desk Lamp" }).tagName).toBe("DIV");
  });
});
