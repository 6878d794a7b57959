import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { InstallBanner } from "./install-banner.tsx";

/** What Chromium fires when it offers installation. */
function offerInstallation() {
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome: "dismissed" as const }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

describe("InstallBanner", () => {
  it("appears with the shopper's next tap after the browser's offer, not during the load, and goes once dismissed", async () => {
    render(
      <>
        <button type="button">Like</button>
        <InstallBanner />
      </>,
    );
    const offer = offerInstallation();
    expect(offer.defaultPrevented).toBe(true);
    // The offer alone moves nothing on the page.
    expect(screen.queryByRole("region", { name: "Install app" })).not.toBeInTheDocument();

    const liked = vi.fn();
    screen.getByRole("button", { name: "Like" }).addEventListener("click", liked);
    fireEvent.click(screen.getByRole("button", { name: "Like" }));
    // The tap did what it was aimed at before the banner appeared.
    expect(liked).toHaveBeenCalledOnce();
    expect(await screen.findByRole("region", { name: "Install app" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Dismiss install banner" }));
    expect(screen.queryByRole("region", { name: "Install app" })).not.toBeInTheDocument();
  });

  it("offers the browser's prompt from its Install button", async () => {
    render(<InstallBanner />);
    const offer = offerInstallation();
    fireEvent.keyDown(document.body, { key: "Tab" });
    fireEvent.click(await screen.findByRole("button", { name: "Install" }));
    expect(offer.prompt).toHaveBeenCalledOnce();
  });
});
