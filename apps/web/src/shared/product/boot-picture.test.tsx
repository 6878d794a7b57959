import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { bootPictureShown, removeBootPictureAfterPaint, useBootPictureUntilShown } from "./boot-picture.ts";

/** What the server's product page HTML carries (decision 162). */
function serverCopy() {
  const copy = document.createElement("img");
  copy.id = "boot-picture";
  document.body.prepend(copy);
}

function Page({ awaiting }: { awaiting: boolean }) {
  useBootPictureUntilShown(awaiting);
  return null;
}

afterEach(() => document.getElementById("boot-picture")?.remove());

describe("the server's copy of a product page's first picture", () => {
  it("stays while the page loads or shows the product, goes after the paint of anything else", async () => {
    serverCopy();
    const page = render(<Page awaiting />);
    expect(bootPictureShown()).toBe(true);
    page.rerender(<Page awaiting={false} />);
    // Not in the same task: after the next frame has painted.
    expect(bootPictureShown()).toBe(true);
    await waitFor(() => expect(bootPictureShown()).toBe(false));
  });

  it("goes when the page unmounts, and removing it twice is harmless", async () => {
    serverCopy();
    const page = render(<Page awaiting />);
    page.unmount();
    expect(bootPictureShown()).toBe(false);
    removeBootPictureAfterPaint();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bootPictureShown()).toBe(false);
  });

  it("goes once the page's own picture has painted", async () => {
    serverCopy();
    removeBootPictureAfterPaint();
    expect(bootPictureShown()).toBe(true);
    await waitFor(() => expect(bootPictureShown()).toBe(false));
  });
});
