import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ShareDrawer } from "./share-drawer.tsx";

// The native share path of the drawer, with jsdom stand-ins for navigator.share, canShare,
// userActivation and the clipboard (browser APIs, outside our system).

const MEDIA_ID = "11111111-1111-4111-8111-111111111111";
const PRODUCT = { id: "22222222-2222-4222-8222-222222222222", title: "Lamp" };
const LINK = `${window.location.origin}/product-profile/${PRODUCT.id}?media=${MEDIA_ID}`;

function renderDrawer(onOpenChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ShareDrawer mediaId={MEDIA_ID} product={PRODUCT} posterUrl="/media/poster.jpg" open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

let recorded: string[];
beforeEach(() => {
  recorded = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), window.location.href).pathname;
      if (path === "/media/poster.jpg") return new Response("jpeg", { headers: { "content-type": "image/jpeg" } });
      if (path.endsWith("/shares")) {
        recorded.push(JSON.parse(String(init?.body)).platform);
        return new Response(JSON.stringify({ shareCount: 1 }), { status: 201, headers: { "content-type": "application/json" } });
      }
      return new Response(JSON.stringify({ user: null }), { headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function stubShare(share: (data: ShareData) => Promise<void>, active = true) {
  const writeText = vi.fn(async () => {});
  const spy = vi.fn(share);
  vi.stubGlobal("navigator", {
    ...navigator,
    onLine: true,
    share: spy,
    canShare: (data: ShareData) => Boolean(data.files?.length),
    userActivation: { isActive: active, hasBeenActive: true },
    clipboard: { writeText },
  });
  return { share: spy, writeText };
}

describe("ShareDrawer native sharing", () => {
  it("shares the link with the poster file canShare accepted, and records the share", async () => {
    const { share } = stubShare(async () => {});
    const onOpenChange = renderDrawer();
    // The poster is fetched while the drawer is open, before the click.
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/media/poster.jpg", expect.anything()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    fireEvent.click(screen.getByRole("button", { name: "Share via..." }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const sent = share.mock.calls[0]![0];
    expect(sent).toMatchObject({ title: "Lamp", url: LINK });
    expect(sent.files?.[0]?.name).toBe("poster.jpg");
    await waitFor(() => expect(recorded).toEqual(["native"]));
  });

  it("treats a dismissed sheet (AbortError) as a cancel: no error toast, nothing recorded", async () => {
    stubShare(async () => Promise.reject(new DOMException("Share canceled", "AbortError")));
    const onOpenChange = renderDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Share via..." }));
    await act(async () => {});
    expect(screen.queryByText("Share failed")).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(recorded).toEqual([]);
  });

  it("shows 'Share failed' for any other error", async () => {
    stubShare(async () => Promise.reject(new DOMException("Denied", "NotAllowedError")));
    renderDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Share via..." }));
    expect(await screen.findByText("Share failed")).toBeInTheDocument();
  });

  it("falls back to copying the link when the click's activation is gone", async () => {
    const { share, writeText } = stubShare(async () => {}, false);
    renderDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Share via..." }));
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
    expect(share).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledWith(LINK);
  });
});

describe("ShareDrawer failures", () => {
  it("answers an action that fails after the tap (no clipboard on an insecure page) with 'Failed to share video'", async () => {
    vi.stubGlobal("navigator", { ...navigator, onLine: true, clipboard: undefined });
    const onOpenChange = renderDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Instagram" }));
    expect(await screen.findByText("Failed to share video")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
