import { fireEvent, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useLoadAfterFirstInput } from "./first-input.ts";

describe("useLoadAfterFirstInput", () => {
  it("loads nothing during the load, and once after the first tap however many follow", async () => {
    const load = vi.fn();
    renderHook(() => useLoadAfterFirstInput(load));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(load).not.toHaveBeenCalled();

    fireEvent.pointerDown(document.body);
    fireEvent.keyDown(document.body, { key: "a" });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    fireEvent.pointerDown(document.body);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not load once disabled (what it would load came already)", async () => {
    const load = vi.fn();
    const { rerender } = renderHook(({ enabled }) => useLoadAfterFirstInput(load, enabled), { initialProps: { enabled: true } });
    rerender({ enabled: false });
    fireEvent.keyDown(document.body, { key: "a" });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(load).not.toHaveBeenCalled();
  });
});
