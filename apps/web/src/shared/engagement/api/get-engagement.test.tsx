import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, streamsClosed } from "../fake-event-source.test-helper.ts";
import { type EngagementMedia, useEngagement } from "./get-engagement.ts";
import { useLikeToggle } from "./like-media.ts";

const media = (n: number): EngagementMedia => ({ id: `${n}${n}${n}${n}${n}${n}${n}${n}-1111-4111-8111-111111111111`, productId: "99999999-1111-4111-8111-111111111111", likeCount: n, commentCount: 0, shareCount: 0 });
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

/** The open stream that carries `topic`, once the mounted cards have opened it. */
async function streamWith(topic: string): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.open().filter((source) => source.topics?.split(",").includes(topic))).toHaveLength(1));
  return FakeEventSource.open().find((source) => source.topics?.split(",").includes(topic))!;
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

/** Who GET /api/session says is signed in: nobody unless a test signs someone in. */
let sessionUser: { id: string; name: string; email: string } | null = null;
const SHOPPER = { id: "99999999-1111-4111-8111-111111111111", name: "Shopper", email: "shopper@example.com" };

beforeEach(() => {
  sessionUser = null;
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/session") return respond({ user: sessionUser });
      const id = path.split("/")[3];
      return respond({ mediaId: id, productId: FIRST.productId, likeCount: 100, commentCount: 0, shareCount: 0, viewCount: 0, saveCount: 0, likedByMe: true });
    }),
  );
});

afterEach(async () => {
  await streamsClosed();
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
    expect(client.getQueryData(["engagement", FIRST.id])).toEqual({ mediaId: FIRST.id, productId: FIRST.productId, ...counts, saveCount: 0, likedByMe: true });
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
        answer = () => resolve(respond({ mediaId: FIRST.id, productId: FIRST.productId, likeCount, commentCount: 0, shareCount: 0, viewCount: 0, saveCount: 0, likedByMe: false }));
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

  it("signed in, shows a like or an unlike from the viewer's other device without asking, once its liked topic is listened to (decision 193)", async () => {
    sessionUser = SHOPPER;
    const { client, view } = renderCards([FIRST, SECOND]);
    const likedTopic = `liked:${SHOPPER.id}`;
    // The first request waits for a stream that carries the viewer's liked topic as well as the media's.
    const stream = await streamWith(likedTopic);
    expect(requested(FIRST) + requested(SECOND)).toBe(0);
    act(() => stream.emit("ready"));
    expect(await screen.findByText(`${FIRST.id}: 100 liked`)).toBeInTheDocument();
    expect(await screen.findByText(`${SECOND.id}: 100 liked`)).toBeInTheDocument();

    act(() => stream.emit("change", { topic: likedTopic, kind: "delete", ids: [FIRST.id] }));
    expect(await screen.findByText(`${FIRST.id}: 100 not liked`)).toBeInTheDocument();
    expect(screen.getByText(`${SECOND.id}: 100 liked`)).toBeInTheDocument();
    act(() => stream.emit("change", { topic: likedTopic, kind: "insert", ids: [FIRST.id] }));
    expect(await screen.findByText(`${FIRST.id}: 100 liked`)).toBeInTheDocument();
    expect(client.getQueryData(["engagement", FIRST.id])).toMatchObject({ likeCount: 100, likedByMe: true });
    expect([requested(FIRST), requested(SECOND)]).toEqual([1, 1]);

    view.unmount();
  });

  it("leaves a liked event alone while the viewer's own toggle on this device is on its way: its answer decides", async () => {
    sessionUser = SHOPPER;
    let answerLike: ((liked: boolean) => void) | undefined;
    const stubbed = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((input: URL | string | Request, init?: RequestInit) => {
      if (init?.method === "PUT") return new Promise((resolve) => (answerLike = (liked) => resolve(respond({ liked, likeCount: 101 }))));
      if (String(input).endsWith("/engagement")) return respond({ mediaId: FIRST.id, productId: FIRST.productId, likeCount: 100, commentCount: 0, shareCount: 0, viewCount: 0, saveCount: 0, likedByMe: false });
      return stubbed(input, init);
    });
    function Toggle({ item }: { item: EngagementMedia }) {
      const { liked, likeCount, toggle } = useLikeToggle(item);
      return <button onClick={toggle}>{`${likeCount} ${liked ? "liked" : "not liked"}`}</button>;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={client}>
        <Toggle item={FIRST} />
      </QueryClientProvider>,
    );
    const likedTopic = `liked:${SHOPPER.id}`;
    const stream = await streamWith(likedTopic);
    act(() => stream.emit("ready"));
    await waitFor(() => expect(requested(FIRST)).toBe(1));
    await waitFor(() => expect(screen.getByRole("button")).toHaveTextContent("100 not liked"));

    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(answerLike).toBeDefined());
    expect(screen.getByRole("button")).toHaveTextContent("101 liked");
    // An older unlike from another device, heard while this like is on its way: the heart stays.
    act(() => stream.emit("change", { topic: likedTopic, kind: "delete", ids: [FIRST.id] }));
    expect(client.getQueryData(["engagement", FIRST.id])).toMatchObject({ likedByMe: true });
    expect(requested(FIRST)).toBe(1);
    act(() => answerLike!(true));
    await waitFor(() => expect(client.isMutating()).toBe(0));
    expect(screen.getByRole("button")).toHaveTextContent("101 liked");
    // Once it has answered, the next event from another device shows, without a request.
    act(() => stream.emit("change", { topic: likedTopic, kind: "delete", ids: [FIRST.id] }));
    expect(await screen.findByRole("button", { name: "101 not liked" })).toBeInTheDocument();
    expect(requested(FIRST)).toBe(1);
    view.unmount();
  });

  it("asks at once where the browser has no EventSource", async () => {
    vi.stubGlobal("EventSource", undefined);
    renderCards([FIRST]);
    expect(await screen.findByText(`${FIRST.id}: 100 liked`)).toBeInTheDocument();
    expect(requested(FIRST)).toBe(1);
  });
});
