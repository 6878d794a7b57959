import type { Marketplace } from "@reelmart/core/api/catalog";
import type { MarketplacePreference } from "@reelmart/core/api/marketplace";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { apiRequest } from "../api/client.ts";
import { useSession } from "../session/use-session.ts";
import { validateMarketplaceChoice } from "./marketplace-rules.ts";
import { getSelectedMarketplaceId, setSelectedMarketplaceId, subscribeSelectedMarketplace } from "./marketplace-store.ts";

export const marketplacesQueryKey = ["marketplaces"] as const;
export const marketplacePreferenceQueryKey = ["me", "marketplace"] as const;

export interface MarketplaceState {
  /** Active marketplaces in display order; empty while loading. */
  marketplaces: Marketplace[];
  selected: Marketplace | null;
  /**
   * The stored id, available before the list loads so lists can filter on their first request.
   * Catalogue queries put it in their query key and pass it as `marketplaceId`.
   */
  selectedId: string | null;
  isLoading: boolean;
  /**
   * Sets the marketplace: throws 'Invalid marketplace ID provided' / 'Marketplace with ID {id} not
   * found'; choosing the selected one does nothing; saved to the account when signed in.
   */
  select: (id: string) => Promise<void>;
}

/** GET /api/marketplaces: the active marketplaces by display order. */
export function useMarketplaceList() {
  return useQuery({
    queryKey: marketplacesQueryKey,
    queryFn: async ({ signal }) => (await apiRequest<{ items: Marketplace[] }>("/marketplaces", { signal })).items,
    staleTime: 10 * 60_000,
  });
}

/** The signed-in user's saved preference; disabled (no request) for anonymous visitors. */
export function useMarketplacePreference(enabled: boolean) {
  return useQuery({
    queryKey: marketplacePreferenceQueryKey,
    queryFn: ({ signal }) => apiRequest<MarketplacePreference>("/me/marketplace", { signal }),
    enabled,
  });
}

export function useSelectedMarketplaceId(): string | null {
  return useSyncExternalStore(subscribeSelectedMarketplace, getSelectedMarketplaceId, () => null);
}

export function useMarketplace(): MarketplaceState {
  const queryClient = useQueryClient();
  const session = useSession();
  const list = useMarketplaceList();
  const selectedId = useSelectedMarketplaceId();
  const marketplaces = list.data ?? [];
  const selected = marketplaces.find((marketplace) => marketplace.id === selectedId) ?? null;
  const signedIn = session.status === "signed-in";

  const select = useCallback(
    async (id: string) => {
      const target = validateMarketplaceChoice(id, list.data ?? []);
      if (id === getSelectedMarketplaceId()) return;
      setSelectedMarketplaceId(id);
      toast.success("Marketplace Updated", { description: `Switched to ${target.name}` });
      if (!signedIn) return;
      try {
        const saved = await apiRequest<MarketplacePreference>("/me/marketplace", { method: "PUT", body: { marketplaceId: id } });
        queryClient.setQueryData(marketplacePreferenceQueryKey, saved);
      } catch (error) {
        console.error("Saving the marketplace preference failed", error);
        toast.warning("Warning: Marketplace updated locally but failed to save to your account");
      }
    },
    [list.data, signedIn, queryClient],
  );

  return { marketplaces, selected, selectedId, isLoading: list.isPending, select };
}
