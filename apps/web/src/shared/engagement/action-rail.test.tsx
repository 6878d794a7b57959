import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadToaster } from "../ui/toast.ts";
import { ActionRail } from "./action-rail.tsx";
import { useLikeToggle } from "./api/like-media.ts";

const PRODUCT = { id: "22222222-2222-4222-8222-222222222222-demo-1", title: "Lamp" };
const MEDIA = { id: "11111111-1111-4111-8111-111111111111", productId: "22222222-2222-4222-8222-222222222222", likeCount: 1200, commentCount: 3, shareCount: 0 };

function respond(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

// As the feed's card renders it: the card's like toggle handed to the rail.
function Rail() {
  const like = useLikeToggle(MEDIA);
  return <ActionRail media={MEDIA} product={PRODUCT} like={like} />;
}

function renderRail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Rail />
      <Toaster />
    </QueryClientProvider>,
  );
}

// Pressing or focusing the comment or share button imports the drawers; those imports must finish
// before the environment goes.
// Toasts are shown synchronously once sonner has loaded (shared/ui/toast.ts), as the fake timers below expect.
beforeAll(async () => {
  await loadToaster();
});

afterAll(async () => {
  await Promise.all([import("./comments-drawer.tsx"), import("./share-drawer.tsx")]);
});

describe("ActionRail", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn((input: URL | string) => {
        const path = new URL(String(input)).pathname;
        if (path === "/api/session") return respond(200, { user: null });
        if (path.endsWith("/engagement")) return respond(200, { ...MEDIA, mediaId: MEDIA.id, viewCount: 0, saveCount: 2500, likedByMe: false });
        return respond(404, { error: { code: "not_found", message: "no" } });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows counts above 999 as x.xk", async () => {
    renderRail();
    expect(await screen.findByText("1.2k")).toBeInTheDocument();
  });

  it("gives save a count like the other actions (001 §2)", async () => {
    renderRail();
    const save = await screen.findByRole("button", { name: "Save product" });
    await waitFor(() => expect(save).toHaveTextContent("2.5k"));
  });

  it("signed out: a like shows 'Login Required' and the heart reverts after 1 s", async () => {
    renderRail();
    const like = await screen.findByRole("button", { name: "Like" });
    await act(async () => {
      await Promise.resolve();
    });
    vi.useFakeTimers();
    fireEvent.click(like);
    expect(screen.getByRole("button", { name: "Unlike" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("1.2k")).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false");
    vi.useRealTimers();
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes("/like"))).toBe(false);
  });

  it("signed out: saving keeps the base product id in localStorage savedItems", async () => {
    renderRail();
    fireEvent.click(await screen.findByRole("button", { name: "Save product" }));
    expect(JSON.parse(localStorage.getItem("savedItems") ?? "[]")).toEqual(["22222222-2222-4222-8222-222222222222"]);
    expect(await screen.findByText("Sign in to sync your saved items across devices")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove from saved" })).toHaveAttribute("aria-pressed", "true");
  });
});
