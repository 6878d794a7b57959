import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../engagement/fake-event-source.test-helper.ts";
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

afterEach(() => vi.unstubAllGlobals());

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
  });
});
