import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../fake-event-source.test-helper.ts";
import { type EngagementMedia, useEngagement } from "./get-engagement.ts";

const media = (n: number): EngagementMedia => ({ id: `${n}${n}${n}${n}${n}${n}${n}${n}-1111-4111-8111-111111111111`, likeCount: n, commentCount: 0, shareCount: 0 });
const [FIRST, SECOND, THIRD] = [media(1), media(2), media(3)];

function Card({ item }: { item: EngagementMedia }) {
  const engagement = useEngagement(item);
  return <p>{`${item.id}: ${engagement?.likeCount} ${engagement?.likedByMe ? "liked" : "not liked"}`}</p>;
}

/** The cards of `items` as the feed mounts them, in a QueryClient of their own; `show` mounts others instead. */
function renderCards(items: EngagementMedia[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const cards = (list: EngagementMedia[]) => (
    <QueryClientProvider client={client}>
      {list.map((item) => (
        <Card key={item.id} item={item} />
      ))}
    </QueryClientProvider>
  );
  const view = render(cards(items));
  return { client, view, show: (list: EngagementMedia[]) => view.rerender(cards(list)) };
}

/** The server's side of the one stream the mounted cards open: it is now listening. */
async function streamReady() {
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
  act(() => FakeEventSource.latest().emit("ready"));
}

const requested = (item: EngagementMedia) => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith(`/media/${item.id}/engagement`)).length;

function respond(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }));
}

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/session") return respond({ user: null });
      const id = path.split("/")[3];
      return respond({ mediaId: id, likeCount: 100, commentCount: 0, shareCount: 0, viewCount: 0, saveCount: 0, likedByMe: true });
    }),
  );
});

// The tab's one realtime connection outlives a test: the next starts once this one's streams have closed
// (they close a debounce after the last card unmounts), or it would find them still carrying its topic.
afterEach(async () => {
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(0));
  vi.unstubAllGlobals();
});

// Issue #14: one engagement request per media, never repeated. Each card's rail is kept live by its
// media's counters topic; the realtime stream is the browser's EventSource, played here by the test.
describe("useEngagement", () => {
  it("requests each media once, when its topic is listened to, and again only for a change", async () => {
    const { view, show } = renderCards([FIRST, SECOND]);
    // Until the stream listens, the rail shows the media row's counts and asks nothing.
    expect(screen.getByText(`${FIRST.id}: 1 not liked`)).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    expect(requested(FIRST) + requested(SECOND)).toBe(0);

    act(() => FakeEventSource.latest().emit("ready"));
    expect(await screen.findByText(`${FIRST.id}: 100 liked`)).toBeInTheDocument();
    expect(await screen.findByText(`${SECOND.id}: 100 liked`)).toBeInTheDocument();
    expect([requested(FIRST), requested(SECOND)]).toEqual([1, 1]);

    // A swipe mounts a new card: the stream reopens with its topic, the others are not asked again.
    show([FIRST, SECOND, THIRD]);
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(2));
    act(() => FakeEventSource.latest().emit("ready"));
    expect(await screen.findByText(`${THIRD.id}: 100 liked`)).toBeInTheDocument();
    expect(FakeEventSource.open()).toHaveLength(1);
    expect([requested(FIRST), requested(SECOND), requested(THIRD)]).toEqual([1, 1, 1]);

    // A like elsewhere: that media alone is asked again.
    act(() => FakeEventSource.latest().emit("change", { topic: `counters:${SECOND.id}`, kind: "update", ids: [SECOND.id] }));
    await waitFor(() => expect(requested(SECOND)).toBe(2));
    expect([requested(FIRST), requested(THIRD)]).toEqual([1, 1]);
    view.unmount();
  });

  it("shows the counts a change's event carries without asking, the viewer's own view's included (decision 190)", async () => {
    const { client, view } = renderCards([FIRST]);
    await streamReady();
    expect(await screen.findByText(`${FIRST.id}: 100 liked`)).toBeInTheDocument();

    const counts = { likeCount: 101, commentCount: 4, shareCount: 2, viewCount: 9 };
    act(() => FakeEventSource.latest().emit("change", { topic: `counters:${FIRST.id}`, kind: "update", ids: [FIRST.id], counts }));
    expect(await screen.findByText(`${FIRST.id}: 101 liked`)).toBeInTheDocument();
    expect(client.getQueryData(["engagement", FIRST.id])).toEqual({ mediaId: FIRST.id, ...counts, saveCount: 0, likedByMe: true });
    expect(requested(FIRST)).toBe(1);

    // Counts that are not four whole numbers are no counts: the event asks again.
    act(() => FakeEventSource.latest().emit("change", { topic: `counters:${FIRST.id}`, kind: "update", ids: [FIRST.id], counts: { likeCount: "5" } }));
    await waitFor(() => expect(requested(FIRST)).toBe(2));
    expect(await screen.findByText(`${FIRST.id}: 100 liked`)).toBeInTheDocument();
    view.unmount();
  });

  it("asks again for an event that comes while its request is on its way, whose answer may predate it", async () => {
    let answer: (() => void) | undefined;
    vi.mocked(fetch).mockImplementation((input: URL | string | Request) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/session") return respond({ user: null });
      const likeCount = 100 + requested(FIRST);
      return new Promise((resolve) => {
        answer = () => resolve(respond({ mediaId: FIRST.id, likeCount, commentCount: 0, shareCount: 0, viewCount: 0, saveCount: 0, likedByMe: false }));
      });
    });
    const { view } = renderCards([FIRST]);
    await streamReady();
    expect(await screen.findByText(`${FIRST.id}: 1 not liked`)).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    act(() => FakeEventSource.latest().emit("change", { topic: `counters:${FIRST.id}`, kind: "update", ids: [FIRST.id], counts: { likeCount: 7, commentCount: 0, shareCount: 0, viewCount: 0 } }));
    await waitFor(() => expect(requested(FIRST)).toBe(2));
    act(() => answer!());
    expect(await screen.findByText(`${FIRST.id}: 102 not liked`)).toBeInTheDocument();
    view.unmount();
  });

  it("asks at once where the browser has no EventSource", async () => {
    vi.stubGlobal("EventSource", undefined);
    renderCards([FIRST]);
    expect(await screen.findByText(`${FIRST.id}: 100 liked`)).toBeInTheDocument();
    expect(requested(FIRST)).toBe(1);
  });
});
