import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSignOut } from "./use-sign-out.ts";

function SignOutButton() {
  const { signOut } = useSignOut();
  return <button onClick={() => void signOut()}>Sign out</button>;
}

/** Answers POST /api/auth/sign-out with each status in turn (0 = the request never arrives). */
function stubSignOut(statuses: number[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string) => {
      calls.push(String(input));
      const status = statuses.shift() ?? 200;
      if (status === 0) return Promise.reject(new TypeError("Failed to fetch"));
      const body = status === 200 ? { success: true } : { error: { code: "server_error", message: "boom" } };
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
    }),
  );
  return calls;
}

function renderButton() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SignOutButton />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("useSignOut", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tries again after a server error, so the server session really ends", async () => {
    const calls = stubSignOut([503, 200]);
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Signed out", {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("after three failed tries clears the page anyway and says so (000 §4)", async () => {
    const calls = stubSignOut([500, 502, 503]);
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("There was an issue during sign out, but your session has been cleared.", {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(calls).toHaveLength(3);
  });

  it("does not retry a 401: the session was already gone", async () => {
    const calls = stubSignOut([401]);
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Signed out")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("keeps the shopper signed in when the request never arrives, even after retries", async () => {
    const calls = stubSignOut([0, 0, 0]);
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Error signing out", {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(calls).toHaveLength(3);
  });
});
