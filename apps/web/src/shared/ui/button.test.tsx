import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button.tsx";

describe("Button", () => {
  it("does not submit its form unless it is a submit button", () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(submit).toHaveBeenCalledOnce();
  });

  it("keeps the caller's accessible name, state and layout classes", () => {
    const click = vi.fn();
    render(
      <Button variant="bare" size="icon" aria-label="Close" aria-pressed={false} className="flex-1" onClick={click} disabled>
        <svg aria-hidden />
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Close" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(button).toBeDisabled();
    expect(button.className).toContain("flex-1");
    expect(button.className).toContain("size-10");
    fireEvent.click(button);
    expect(click).not.toHaveBeenCalled();
  });

  it("forwards its ref to the button element", () => {
    let element: HTMLButtonElement | null = null;
    render(<Button ref={(node) => void (element = node)}>Go</Button>);
    expect(element).toBe(screen.getByRole("button", { name: "Go" }));
  });
});
