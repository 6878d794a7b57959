import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../fake-event-source.test-helper.ts";
import { useComments } from "./get-comments.ts";

const MEDIA_ID = "44444444-1111-4111-8111-111111111111";

function Drawer({ open }: { open: boolean }) {
  const { comments, query } = useComments(MEDIA_ID, open);
  return <p>{query.isSuccess ? `${comments.length} comments` : "waiting"}</p>;
}

const requested = () => vi.mocked(fetch).mock.calls.filter(([url]) => new URL(String(url)).pathname === `/api/media/${MEDIA_ID}/comments`).length;

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200, headers: { "content-type": "application/json" } }))),
  );
});

afterEach(() => vi.unstubAllGlobals());

// Issue #14: an open comments list is one request, then one per change; the stream's first 'ready'
// is not a second one (it was, when the list fetched at once and again on 'ready').
describe("useComments", () => {
  it("asks once its topic is listened to, again for each change, and once more when opened again", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrap = (children: ReactNode) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const view = render(wrap(<Drawer open />));
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    expect(FakeEventSource.latest().topics).toBe(`comments:${MEDIA_ID}`);
    expect(requested()).toBe(0);

    act(() => FakeEventSource.latest().emit("ready"));
    expect(await screen.findByText("0 comments")).toBeInTheDocument();
    expect(requested()).toBe(1);

    act(() => FakeEventSource.latest().emit("change", { topic: `comments:${MEDIA_ID}`, kind: "insert", ids: ["55555555-1111-4111-8111-111111111111"] }));
    await waitFor(() => expect(requested()).toBe(2));

    // Closed, the topic is dropped and its stream closes; opened again, the list waits for a new one.
    view.rerender(wrap(<Drawer open={false} />));
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(0));
    view.rerender(wrap(<Drawer open />));
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    expect(requested()).toBe(2);
    act(() => FakeEventSource.latest().emit("ready"));
    await waitFor(() => expect(requested()).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requested()).toBe(3);
    view.unmount();
  });
});
