import { afterEach, describe, expect, it, vi } from "vitest";
import { ENTRY_WAIT_MS, afterFirstScreen, imageSettled, readEntryAssets, startEntry } from "./boot-entry.ts";

// The boot script starts the app's entry once the first screen has painted (decision 096).

describe("the entry, started by the boot script", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.querySelectorAll("script, link").forEach((element) => element.remove());
  });

  it("reads the entry and its preloads from the boot script's data attributes", () => {
    expect(readEntryAssets({ entry: "/assets/index-a.js", preload: "/assets/react-b.js /assets/jsx-c.js" })).toEqual({
      entry: "/assets/index-a.js",
      preloads: ["/assets/react-b.js", "/assets/jsx-c.js"],
    });
    expect(readEntryAssets({ entry: "/assets/index-a.js" })).toEqual({ entry: "/assets/index-a.js", preloads: [] });
    // Development: Vite's own entry tag is in the page, nothing to start.
    expect(readEntryAssets({})).toBeNull();
    expect(readEntryAssets(undefined)).toBeNull();
  });

  it("writes the tags the build used to put in the head: module preloads, then the module script", () => {
    startEntry({ entry: "/assets/index-a.js", preloads: ["/assets/react-b.js"] });
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')!;
    expect(preload.getAttribute("href")).toBe("/assets/react-b.js");
    expect(preload.getAttribute("crossorigin")).toBe("");
    const script = document.head.querySelector<HTMLScriptElement>("script")!;
    expect(script.type).toBe("module");
    expect(script.getAttribute("src")).toBe("/assets/index-a.js");
    expect(script.getAttribute("crossorigin")).toBe("");
  });

  it("waits for the first screen's picture, then a painted frame", async () => {
    let settle!: () => void;
    const picture = new Promise<void>((resolve) => (settle = resolve));
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
    let started = false;
    void afterFirstScreen(() => picture).then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(frames).toHaveLength(0);
    settle();
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(started).toBe(false);
    frames[0]!(0);
    await vi.waitFor(() => expect(started).toBe(true));
    vi.restoreAllMocks();
  });

  it("does not wait longer than ENTRY_WAIT_MS for a picture that does not settle", async () => {
    vi.useFakeTimers();
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => setTimeout(() => callback(0), 16) as unknown as number);
    let started = false;
    void afterFirstScreen(() => new Promise(() => {})).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(ENTRY_WAIT_MS - 1);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toBe(true);
    vi.restoreAllMocks();
  });

  it("settles for a missing, complete, loaded or broken picture", async () => {
    await imageSettled(null);
    const image = document.createElement("img");
    Object.defineProperty(image, "complete", { value: false });
    const loaded = imageSettled(image);
    image.dispatchEvent(new Event("load"));
    await loaded;
    const broken = imageSettled(image);
    image.dispatchEvent(new Event("error"));
    await broken;
  });
});
