import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useMarketplace } from "./use-marketplace.ts";

const mocks = vi.hoisted(() => ({
  apiRequest: vi.fn(),
  session: { status: "anonymous" as "anonymous" | "signed-in", user: null },
  toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));
vi.mock("../api/client.ts", () => ({ apiRequest: mocks.apiRequest }));
vi.mock("../session/use-session.ts", () => ({ useSession: () => mocks.session }));
vi.mock("../ui/toast.ts", () => ({ toast: mocks.toast }));

const MARKETPLACES = [
  { id: "a", name: "India", tagline: null, flagUrl: "/in.svg", displayOrder: 1 },
  { id: "b", name: "Japan", tagline: "Tokyo picks", flagUrl: "/jp.svg", displayOrder: 2 },
];

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

async function renderLoaded() {
  const hook = renderHook(() => useMarketplace(), { wrapper });
  await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
  return hook;
}

describe("useMarketplace().select", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    mocks.session.status = "anonymous";
    mocks.apiRequest.mockImplementation(async (path: string) => {
      if (path === "/marketplaces") return { items: MARKETPLACES };
      throw new Error(`unexpected ${path}`);
    });
  });

  it("stores the choice locally and confirms with the spec's toast", async () => {
    const { result } = await renderLoaded();
    await act(() => result.current.select("b"));
    expect(result.current.selected?.name).toBe("Japan");
    expect(localStorage.getItem("selectedMarketplaceId")).toBe("b");
    expect(mocks.toast.success).toHaveBeenCalledWith("Marketplace Updated", { description: "Switched to Japan" });
  });

  it("does nothing when the selected marketplace is chosen again", async () => {
    localStorage.setItem("selectedMarketplaceId", "a");
    const { result } = await renderLoaded();
    await act(() => result.current.select("a"));
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });

  it("rejects an empty or unknown id with the spec's messages", async () => {
    const { result } = await renderLoaded();
    await expect(result.current.select("")).rejects.toThrow("Invalid marketplace ID provided");
    await expect(result.current.select("zz")).rejects.toThrow("Marketplace with ID zz not found");
    expect(localStorage.getItem("selectedMarketplaceId")).toBeNull();
  });

  it("saves to the account when signed in, and keeps the local choice with a warning when that fails", async () => {
    mocks.session.status = "signed-in";
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    mocks.apiRequest.mockImplementation(async (path: string, options?: { method?: string }) => {
      if (path === "/marketplaces") return { items: MARKETPLACES };
      if (path === "/me/marketplace" && options?.method === "PUT") throw new Error("offline");
      return { marketplaceId: null, updatedAt: null };
    });
    const { result } = await renderLoaded();
    await act(() => result.current.select("b"));
    expect(mocks.apiRequest).toHaveBeenCalledWith("/me/marketplace", { method: "PUT", body: { marketplaceId: "b" } });
    expect(localStorage.getItem("selectedMarketplaceId")).toBe("b");
    expect(mocks.toast.warning).toHaveBeenCalledWith("Warning: Marketplace updated locally but failed to save to your account");
    consoleError.mockRestore();
  });
});
