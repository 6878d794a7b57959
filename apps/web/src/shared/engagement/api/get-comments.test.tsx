import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, streamReady, streamsClosed } from "../fake-event-source.test-helper.ts";
import { useCreateComment } from "./create-comment.ts";
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

afterEach(async () => {
  await streamsClosed();
  vi.unstubAllGlobals();
});

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

// Issue #14: the viewer's own write is patched in from its answer; neither it nor its echo on the
// stream asks for the list or the counts again.
describe("a comment of one's own", () => {
  const HELD = "66666666-1111-4111-8111-111111111111";
  const POSTED = "77777777-1111-4111-8111-111111111111";
  const comment = (id: string, text: string) => ({
    id,
    mediaId: MEDIA_ID,
    productId: "88888888-1111-4111-8111-111111111111",
    userId: "u1",
    authorName: "Shopper",
    authorAvatar: null,
    comment: text,
    isEdited: false,
    createdAt: "2026-11-28T08:00:00.000Z",
    updatedAt: "2026-11-28T08:00:00.000Z",
  });
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  const engagementRequests = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith("/engagement")).length;
  const listRequests = () => vi.mocked(fetch).mock.calls.filter(([url, init]) => (init?.method ?? "GET") === "GET" && new URL(String(url)).pathname === `/api/media/${MEDIA_ID}/comments`).length;

  function OpenDrawer() {
    const { comments, query } = useComments(MEDIA_ID, true);
    const post = useCreateComment(MEDIA_ID);
    return (
      <>
        <p>{query.isSuccess ? comments.map((item) => item.comment).join(", ") || "none" : "waiting"}</p>
        <button onClick={() => post.mutate("Lovely")}>post</button>
      </>
    );
  }

  async function openWithOneComment(postStatus: number) {
    vi.mocked(fetch).mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") return postStatus === 201 ? json(comment(POSTED, "Lovely"), 201) : json({ error: { code: "internal", message: "down" } }, postStatus);
      return json({ items: [comment(HELD, "First")], nextCursor: null });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <OpenDrawer />
      </QueryClientProvider>,
    );
    await streamReady();
    expect(await screen.findByText("First")).toBeInTheDocument();
    expect(listRequests()).toBe(1);
    act(() => screen.getByRole("button", { name: "post" }).click());
  }

  it("is shown from the post's answer, and its echo on the stream asks for nothing", async () => {
    await openWithOneComment(201);
    expect(await screen.findByText("Lovely, First")).toBeInTheDocument();
    act(() => FakeEventSource.latest().emit("change", { topic: `comments:${MEDIA_ID}`, kind: "insert", ids: [POSTED] }));
    // A delete of a comment the list no longer shows is nothing new either.
    act(() => FakeEventSource.latest().emit("change", { topic: `comments:${MEDIA_ID}`, kind: "delete", ids: ["99999999-1111-4111-8111-111111111111"] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([listRequests(), engagementRequests()]).toEqual([1, 0]);

    // Someone else's comment is.
    act(() => FakeEventSource.latest().emit("change", { topic: `comments:${MEDIA_ID}`, kind: "insert", ids: ["aaaaaaaa-1111-4111-8111-111111111111"] }));
    await waitFor(() => expect(listRequests()).toBe(2));
  });

  // Decision 205: 001 §4's "insert, update, delete applied to the list", from the events themselves.
  it("applies someone else's comment, edit and deletion from their events, asking for nothing", async () => {
    await openWithOneComment(201);
    expect(await screen.findByText("Lovely, First")).toBeInTheDocument();
    const OTHER = "aaaaaaaa-1111-4111-8111-111111111111";
    const change = (kind: string, extra: object) => act(() => FakeEventSource.latest().emit("change", { topic: `comments:${MEDIA_ID}`, kind, ...extra }));
    const later = { ...comment(OTHER, "Where is it made?"), userId: "u2", createdAt: "2026-11-28T09:00:00.000Z", updatedAt: "2026-11-28T09:00:00.000Z" };
    change("insert", { ids: [OTHER], comment: later });
    expect(await screen.findByText("Where is it made?, Lovely, First")).toBeInTheDocument();
    change("update", { ids: [OTHER], comment: { ...later, comment: "Where is it shipped from?", isEdited: true } });
    expect(await screen.findByText("Where is it shipped from?, Lovely, First")).toBeInTheDocument();
    change("delete", { ids: [HELD] });
    expect(await screen.findByText("Where is it shipped from?, Lovely")).toBeInTheDocument();
    // Notices from two servers can arrive out of commit order: each goes to its place by time, then id.
    const EARLIER = "cccccccc-1111-4111-8111-111111111111";
    change("insert", { ids: [EARLIER], comment: { ...comment(EARLIER, "Sent before"), createdAt: "2026-11-28T08:30:00.000Z" } });
    expect(await screen.findByText("Where is it shipped from?, Sent before, Lovely")).toBeInTheDocument();
    change("delete", { ids: [EARLIER] });
    expect(await screen.findByText("Where is it shipped from?, Lovely")).toBeInTheDocument();
    // An edit of a comment the list has not loaded leaves the list as it is.
    change("update", { ids: ["bbbbbbbb-1111-4111-8111-111111111111"], comment: comment("bbbbbbbb-1111-4111-8111-111111111111", "Old") });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText("Where is it shipped from?, Lovely")).toBeInTheDocument();
    expect([listRequests(), engagementRequests()]).toEqual([1, 0]);

    // An edit whose comment did not fit in the notice is asked for.
    change("update", { ids: [OTHER] });
    await waitFor(() => expect(listRequests()).toBe(2));
  });

  it("asks again, rather than applying, a change that comes while the list is being asked for", async () => {
    await openWithOneComment(201);
    expect(await screen.findByText("Lovely, First")).toBeInTheDocument();
    const OTHER = "aaaaaaaa-1111-4111-8111-111111111111";
    const other = { ...comment(OTHER, "Where is it made?"), createdAt: "2026-11-28T09:00:00.000Z", updatedAt: "2026-11-28T09:00:00.000Z" };
    // The next list request hangs: its answer would be read before the change that follows.
    let answerStale: (response: Response) => void = () => {};
    vi.mocked(fetch).mockImplementation((_input: RequestInfo | URL, init?: RequestInit) => {
      if (listRequests() === 2) return new Promise<Response>((resolve) => (answerStale = resolve));
      if (init?.method === "POST") return json(comment(POSTED, "Lovely"), 201);
      return json({ items: [other, comment(POSTED, "Lovely"), comment(HELD, "First")], nextCursor: null });
    });
    const change = (kind: string, extra: object) => act(() => FakeEventSource.latest().emit("change", { topic: `comments:${MEDIA_ID}`, kind, ...extra }));
    change("update", { ids: [HELD] });
    await waitFor(() => expect(listRequests()).toBe(2));
    change("insert", { ids: [OTHER], comment: other });
    await waitFor(() => expect(listRequests()).toBe(3));
    answerStale(new Response(JSON.stringify({ items: [comment(HELD, "First")], nextCursor: null }), { status: 200, headers: { "content-type": "application/json" } }));
    expect(await screen.findByText("Where is it made?, Lovely, First")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText("Where is it made?, Lovely, First")).toBeInTheDocument();
  });

  it("asks for the list again when the post fails, in case it landed", async () => {
    await openWithOneComment(500);
    await waitFor(() => expect(listRequests()).toBe(2));
    expect(screen.getByText("First")).toBeInTheDocument();
  });
});
