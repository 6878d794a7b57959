import type { Marketplace } from "@reelmart/core/api/catalog";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { toast } from "../ui/toast.ts";
import { useSession } from "../session/use-session.ts";
import { getMarketplacePreferenceQueryOptions } from "./api/get-marketplace-preference.ts";
import { useMarketplaceList } from "./api/get-marketplaces.ts";
import { updateMarketplacePreference } from "./api/update-marketplace-preference.ts";
import { validateMarketplaceChoice } from "./marketplace-rules.ts";
import { getSelectedMarketplaceId, setSelectedMarketplaceId, subscribeSelectedMarketplace } from "./marketplace-store.ts";

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

function useSelectedMarketplaceId(): string | null {
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
        const saved = await updateMarketplacePreference({ marketplaceId: id });
        queryClient.setQueryData(getMarketplacePreferenceQueryOptions().queryKey, saved);
      } catch (error) {
        console.error("Saving the marketplace preference failed", error);
        toast.warning("Warning: Marketplace updated locally but failed to save to your account");
      }
    },
    [list.data, signedIn, queryClient],
  );

  return { marketplaces, selected, selectedId, isLoading: list.isPending, select };
}
