import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthPage } from "./auth-page.tsx";

type Handler = (body: unknown) => { status: number; body: unknown };

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

let authHandlers: Record<string, Handler>;
let authCalls: { path: string; body: unknown }[];
let oneTapCallback: ((response: { credential?: string }) => void) | undefined;

function renderAuth(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("Google sign-in on /auth", () => {
  beforeEach(() => {
    authHandlers = {};
    authCalls = [];
    oneTapCallback = undefined;
    // Google's One Tap script, replaced by a stub that hands us its callback.
    vi.stubGlobal("google", {
      accounts: {
        id: {
          initialize: (options: { callback: (response: { credential?: string }) => void }) => (oneTapCallback = options.callback),
          prompt: () => undefined,
          cancel: () => undefined,
        },
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn((input: URL | string, init?: RequestInit) => {
        const path = new URL(String(input), "http://localhost").pathname;
        if (path === "/api/session") return json(200, { user: null });
        if (path === "/api/auth/get-session") return json(200, null);
        if (path === "/api/auth-providers") return json(200, { google: { clientId: "client-1" } });
        if (path.startsWith("/api/auth/")) {
          const authPath = path.slice("/api/auth".length);
          const body = init?.body ? JSON.parse(String(init.body)) : undefined;
          authCalls.push({ path: authPath, body });
          const answer = authHandlers[authPath]?.(body) ?? { status: 200, body: {} };
          return json(answer.status, answer.body);
        }
        return json(404, { error: { code: "not_found", message: "no" } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  // First: sonner keeps toasts from earlier tests in its global store.
  it("a Google account linked elsewhere is identity_already_exists: the message shows and the session stays", async () => {
    renderAuth("/auth?error=account_already_linked_to_different_user");
    expect(await screen.findByRole("alert")).toHaveTextContent("This Google account is already linked to another user.");
    expect(screen.queryByText("Failed to sign in with Google")).not.toBeInTheDocument();
    expect(authCalls.map((call) => call.path)).not.toContain("/sign-out");
  });

  it("a failed redirect start shows 'Failed to sign in with Google'", async () => {
    authHandlers["/sign-in/social"] = () => ({ status: 500, body: { error: { code: "internal_error", message: "boom" } } });
    renderAuth("/auth");
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    expect(await screen.findByText("Failed to sign in with Google")).toBeInTheDocument();
    expect(authCalls[0]).toMatchObject({ path: "/sign-in/social", body: { provider: "google", callbackURL: "/auth?from=%2F" } });
  });

  it("an error carried back in the URL shows the toast and ends the session", async () => {
    renderAuth("/auth?error=access_denied");
    expect(await screen.findByText("Failed to sign in with Google")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Sign-in was cancelled.");
    await waitFor(() => expect(authCalls.map((call) => call.path)).toContain("/sign-out"));
  });

  it("One Tap sends the ID token for server verification; a refusal shows 'Failed to sign in with Google One Tap'", async () => {
    authHandlers["/sign-in/social"] = () => ({ status: 401, body: { error: { code: "INVALID_TOKEN", message: "Invalid token" } } });
    renderAuth("/auth");
    await waitFor(() => expect(oneTapCallback).toBeDefined());
    await act(async () => oneTapCallback!({ credential: "header.payload.signature" }));
    expect(await screen.findByText("Failed to sign in with Google One Tap")).toBeInTheDocument();
    expect(authCalls).toContainEqual({ path: "/sign-in/social", body: { provider: "google", idToken: { token: "header.payload.signature" } } });
  });
});
