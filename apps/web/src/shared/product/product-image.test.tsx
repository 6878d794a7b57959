import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProductImage } from "./product-image.tsx";

// What a picture created in a transition's render holds when it mounts, its load or error already
// fired and dropped by React: defined on the prototype before the render, restored after.
const restores: (() => void)[] = [];
function defineBeforeMount(values: Record<string, unknown>) {
  const prototype = HTMLImageElement.prototype;
  for (const [key, value] of Object.entries(values)) {
    const own = Object.getOwnPropertyDescriptor(prototype, key);
    Object.defineProperty(prototype, key, { configurable: true, get: () => value });
    restores.push(() => (own ? Object.defineProperty(prototype, key, own) : delete (prototype as unknown as Record<string, unknown>)[key]));
  }
}

afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
});

describe("ProductImage with its picture's events fired before it mounted", () => {
  it("is settled once for a picture that loaded before it mounted", () => {
    defineBeforeMount({ complete: true, naturalWidth: 640 });
    const onSettled = vi.fn();
    render(<ProductImage src="/lamp.jpg" alt="Desk Lamp" eager onSettled={onSettled} />);
    expect(onSettled).toHaveBeenCalledTimes(1);
    fireEvent.load(screen.getByAltText("Desk Lamp"));
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it("falls back to the placeholder for a picture that failed before it mounted", () => {
    defineBeforeMount({ complete: true, naturalWidth: 0, decode: undefined });
    render(<ProductImage src="/missing.jpg" alt="Desk Lamp" eager />);
    expect(screen.getByAltText("Desk Lamp")).toHaveAttribute("src", "/placeholder.svg");
    // The placeholder failing in turn leaves the icon.
    fireEvent.error(screen.getByAltText("Desk Lamp"));
    expect(screen.getByRole("img", { name: "Desk Lamp" }).tagName).toBe("DIV");
  });
});
