import { STORAGE_KEYS } from "@reelmart/core/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Toaster, toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "./api/get-session-user.ts";
import { useSignOut } from "./use-sign-out.ts";

const USER = { id: "u1", email: "shopper@example.com", name: "Shopper", firstName: null, lastName: null, avatarUrl: null, isAdmin: false };

function SignOutButton() {
  const { signOut } = useSignOut();
  return <button onClick={() => void signOut()}>Sign out</button>;
}

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

/**
 * The server at the fetch level: POST /api/auth/sign-out answers each status in turn (0 = the
 * request never arrives); GET /api/session answers whether the server still holds the session
 * (undefined: that request never arrives either).
 */
function stubServer(signOutStatuses: number[], sessionUser: typeof USER | null | undefined) {
  const signOuts: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (path === "/api/session") return sessionUser === undefined ? Promise.reject(new TypeError("Failed to fetch")) : json(200, { user: sessionUser });
      signOuts.push(path);
      const status = signOutStatuses.shift() ?? 200;
      if (status === 0) return Promise.reject(new TypeError("Failed to fetch"));
      return json(status, status === 200 ? { success: true } : { error: { code: "server_error", message: "boom" } });
    }),
  );
  return signOuts;
}

/** A signed-in page: the session and some of the user's data in the cache. */
function renderSignedIn() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, USER);
  queryClient.setQueryData(["orders", USER.id], { pages: [{ items: [{ id: "o1" }] }] });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SignOutButton />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe("useSignOut", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    // sonner replays the toasts it still holds to the next test's toaster.
    toast.dismiss();
  });

  it("tries again after a server error, so the server session really ends", async () => {
    const signOuts = stubServer([503, 200], USER);
    renderSignedIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Signed out", {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(signOuts).toHaveLength(2);
  });

  it("after three server errors keeps the shopper signed in while the server still holds the session, and says so", async () => {
    const signOuts = stubServer([500, 502, 503], USER);
    const queryClient = renderSignedIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Error signing out", {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.getByText("Please try again")).toBeInTheDocument();
    expect(signOuts).toHaveLength(3);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(USER);
    expect(queryClient.getQueryData(["orders", USER.id])).toBeDefined();
  });

  it("after three server errors clears the page when the server no longer holds the session (000 §4's warning)", async () => {
    stubServer([500, 502, 503], null);
    const queryClient = renderSignedIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("There was an issue during sign out, but your session has been cleared.", {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it("does not retry a 401: the session was already gone", async () => {
    const signOuts = stubServer([401], null);
    renderSignedIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Signed out")).toBeInTheDocument();
    expect(signOuts).toHaveLength(1);
  });

  it("keeps the shopper signed in when the requests never arrive, even after retries", async () => {
    const signOuts = stubServer([0, 0, 0], undefined);
    const queryClient = renderSignedIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Error signing out", {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(signOuts).toHaveLength(3);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(USER);
  });

  it("a successful sign-out forgets every cached answer and the searches made on this device", async () => {
    stubServer([200], null);
    localStorage.setItem(STORAGE_KEYS.recentSearches, JSON.stringify(["red shoes"]));
    localStorage.setItem(STORAGE_KEYS.videoMuteState, "false");
    const queryClient = renderSignedIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Signed out")).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([sessionQueryKey]));
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.recentSearches)).toBeNull();
    // A device setting is not the shopper's data: it stays.
    expect(localStorage.getItem(STORAGE_KEYS.videoMuteState)).toBe("false");
  });
});
