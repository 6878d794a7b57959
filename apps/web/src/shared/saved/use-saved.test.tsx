import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Engagement } from "@reelmart/core/api/engagement";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, streamReady, streamsClosed } from "../engagement/fake-event-source.test-helper.ts";
import { getEngagementQueryOptions } from "../engagement/api/get-engagement.ts";
import { useSaved } from "./use-saved.ts";

const USER_ID = "shopper-1";
const PRODUCT_ID = "66666666-1111-4111-8111-111111111111";

function SaveButton({ name }: { name: string }) {
  const { ids } = useSaved();
  return <p>{`${name}: ${ids.length} saved`}</p>;
}

const requested = () => vi.mocked(fetch).mock.calls.filter(([url]) => new URL(String(url)).pathname === "/api/saved").length;

function respond(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }));
}

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/session") {
        return respond({ user: { id: USER_ID, email: "shopper@example.test", name: "Shopper", firstName: null, lastName: null, avatarUrl: null, isAdmin: false } });
      }
      return respond({ items: [{ productId: PRODUCT_ID, product: null }] });
    }),
  );
});

afterEach(async () => {
  await streamsClosed();
  vi.unstubAllGlobals();
});

// Issue #14: every save button holds the user's saved topic; the list is one request once the topic
// is listened to, and one per change however many buttons hear it.
describe("useSaved", () => {
  it("asks for the list once its topic is listened to, and once per change for every button together", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SaveButton name="first" />
        <SaveButton name="second" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    expect(FakeEventSource.latest().topics).toBe(`saved:${USER_ID}`);
    expect(requested()).toBe(0);

    act(() => FakeEventSource.latest().emit("ready"));
    expect(await screen.findByText("first: 1 saved")).toBeInTheDocument();
    expect(await screen.findByText("second: 1 saved")).toBeInTheDocument();
    expect(requested()).toBe(1);

    act(() => FakeEventSource.latest().emit("change", { topic: `saved:${USER_ID}`, kind: "update", ids: [PRODUCT_ID] }));
    await waitFor(() => expect(requested()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requested()).toBe(2);

    // A change the list already shows (this device's own toggle, patched in) asks for nothing.
    act(() => FakeEventSource.latest().emit("change", { topic: `saved:${USER_ID}`, kind: "insert", ids: [PRODUCT_ID] }));
    act(() => FakeEventSource.latest().emit("change", { topic: `saved:${USER_ID}`, kind: "delete", ids: ["12345678-1111-4111-8111-111111111111"] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requested()).toBe(2);
  });
});

describe("a save's counts", () => {
  const SAVED_NOW = "77777777-1111-4111-8111-111111111111";
  const media = (n: number) => `${n}${n}${n}${n}${n}${n}${n}${n}-2222-4222-8222-222222222222`;
  const engagement = (mediaId: string, productId: string, saveCount: number): Engagement => ({
    mediaId,
    productId,
    likeCount: 0,
    commentCount: 0,
    shareCount: 0,
    viewCount: 0,
    saveCount,
    likedByMe: false,
  });

  function SaveToggle() {
    const { ids, toggle } = useSaved();
    return <button onClick={() => toggle({ id: `${SAVED_NOW}-demo-2` })}>{`${ids.length} saved`}</button>;
  }

  /** Two cached engagements of the product saved and one of another, then a press of its save button answered with `status` once `answered` resolves. */
  async function pressSave(status: number, answered: Promise<void> = Promise.resolve()) {
    vi.mocked(fetch).mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/session") return respond({ user: { id: USER_ID, email: "shopper@example.test", name: "Shopper", firstName: null, lastName: null, avatarUrl: null, isAdmin: false } });
      if (path === `/api/saved/${SAVED_NOW}` && init?.method === "PUT") {
        return answered.then(() =>
          status === 204 ? new Response(null, { status }) : new Response(JSON.stringify({ error: { code: "internal", message: "down" } }), { status, headers: { "content-type": "application/json" } }),
        );
      }
      return respond({ items: [{ productId: PRODUCT_ID, product: null }] });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const saveCount = (mediaId: string) => client.getQueryData<Engagement>(getEngagementQueryOptions(mediaId).queryKey)?.saveCount;
    client.setQueryData(getEngagementQueryOptions(media(1)).queryKey, engagement(media(1), SAVED_NOW, 4));
    client.setQueryData(getEngagementQueryOptions(media(2)).queryKey, engagement(media(2), SAVED_NOW, 4));
    client.setQueryData(getEngagementQueryOptions(media(3)).queryKey, engagement(media(3), PRODUCT_ID, 9));
    render(
      <QueryClientProvider client={client}>
        <SaveToggle />
      </QueryClientProvider>,
    );
    await streamReady();
    fireEvent.click(await screen.findByText("1 saved"));
    return { saveCount };
  }

  const engagementRequests = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith("/engagement")).length;

  it("move on every video of the saved product shown, without asking for their engagement again", async () => {
    const { saveCount } = await pressSave(204);
    await waitFor(() => expect([saveCount(media(1)), saveCount(media(2)), saveCount(media(3))]).toEqual([5, 5, 9]));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url, init]) => String(url).endsWith(`/saved/${SAVED_NOW}`) && init?.method === "PUT")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([saveCount(media(1)), saveCount(media(2)), saveCount(media(3))]).toEqual([5, 5, 9]);
    expect(engagementRequests()).toBe(0);
  });

  it("go back when the save fails", async () => {
    let fail = () => {};
    const { saveCount } = await pressSave(500, new Promise((resolve) => (fail = resolve)));
    await waitFor(() => expect([saveCount(media(1)), saveCount(media(2)), saveCount(media(3))]).toEqual([5, 5, 9]));
    fail();
    await waitFor(() => expect([saveCount(media(1)), saveCount(media(2)), saveCount(media(3))]).toEqual([4, 4, 9]));
    expect(engagementRequests()).toBe(0);
  });
});
