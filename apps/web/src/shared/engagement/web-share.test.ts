import { afterEach, describe, expect, it, vi } from "vitest";
import { webShare } from "./web-share.ts";

// jsdom has no Web Share API: these stand-ins behave as Chromium's does (a browser API, outside our system).

const DATA = { title: "Trail Shoe", text: "Trail Shoe", url: "https://store.example/product-profile/p?media=m" };
const poster = new File(["jpeg"], "poster.jpg", { type: "image/jpeg" });

function standIn(options: { share?: (data: ShareData) => Promise<void>; canShare?: (data: ShareData) => boolean; active?: boolean }) {
  const share = vi.fn(options.share ?? (async () => {}));
  vi.stubGlobal("navigator", {
    ...navigator,
    share,
    canShare: options.canShare,
    userActivation: options.active === undefined ? undefined : { isActive: options.active, hasBeenActive: true },
  });
  return share;
}

afterEach(() => vi.unstubAllGlobals());

describe("webShare", () => {
  it("is unavailable without navigator.share, so the caller copies the link instead", async () => {
    vi.stubGlobal("navigator", { ...navigator, share: undefined });
    expect(await webShare(DATA)).toBe("unavailable");
  });

  it("does not call share outside a transient user activation", async () => {
    const share = standIn({ active: false });
    expect(await webShare(DATA)).toBe("unavailable");
    expect(share).not.toHaveBeenCalled();
  });

  it("shares inside the click's activation, with files only when canShare accepts them", async () => {
    const accepting = standIn({ active: true, canShare: (data) => Boolean(data.files?.every((file) => file.type.startsWith("image/"))) });
    expect(await webShare(DATA, [poster])).toBe("shared");
    expect(accepting).toHaveBeenCalledWith({ ...DATA, files: [poster] });

    const refusing = standIn({ active: true, canShare: () => false });
    expect(await webShare(DATA, [poster])).toBe("shared");
    expect(refusing).toHaveBeenCalledWith(DATA);

    // An older browser with share but no canShare never gets files.
    const old = standIn({});
    expect(await webShare(DATA, [poster])).toBe("shared");
    expect(old).toHaveBeenCalledWith(DATA);
  });

  it("treats AbortError (the sheet dismissed) as a cancel and anything else as a failure", async () => {
    standIn({ active: true, share: async () => Promise.reject(new DOMException("Share canceled", "AbortError")) });
    expect(await webShare(DATA)).toBe("cancelled");
    standIn({ active: true, share: async () => Promise.reject(new DOMException("Permission denied", "NotAllowedError")) });
    expect(await webShare(DATA)).toBe("failed");
  });
});
