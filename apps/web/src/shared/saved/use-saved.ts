import type { SavedList } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { STORAGE_KEYS } from "@reelmart/core/constants";
import { baseProductId, isUuid } from "@reelmart/core/ids";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { toast } from "../ui/toast.ts";
import { ApiRequestError } from "../api/client.ts";
import { alreadyShown, refetchLive, useLiveTopic } from "../engagement/realtime.ts";
import { useSession } from "../session/use-session.ts";
import { getSavedQueryOptions } from "./api/get-saved.ts";
import { mergeSaved } from "./api/merge-saved.ts";
import { setSaved } from "./api/set-saved.ts";
import { patchSaveCounts } from "../engagement/api/get-engagement.ts";

const savedQueryKey = getSavedQueryOptions().queryKey;

/** Anything with a product id (feed items may carry '-demo-'/'-origin-'/'-ugc-' suffixes). */
export interface SaveableProduct {
  id: string;
}

// Signed-out saved items live in localStorage 'savedItems' (001 §3), shared by every tab through
// the 'storage' event.
const localListeners = new Set<() => void>();
let localSnapshot: { raw: string | null; ids: string[] } = { raw: null, ids: [] };

function readLocal(): string[] {
  const raw = localStorage.getItem(STORAGE_KEYS.savedItems);
  if (raw !== localSnapshot.raw) {
    localSnapshot = { raw, ids: parseIds(raw) };
  }
  return localSnapshot.ids;
}

function parseIds(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    // swallowed: a list that is not ours reads as no saved items.
    return [];
  }
}

function writeLocal(ids: string[]) {
  if (ids.length) localStorage.setItem(STORAGE_KEYS.savedItems, JSON.stringify(ids));
  else localStorage.removeItem(STORAGE_KEYS.savedItems);
  for (const listener of localListeners) listener();
}

function subscribeLocal(onChange: () => void): () => void {
  localListeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.savedItems) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    localListeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

const EMPTY: string[] = [];

// One merge per sign-in even when many components call useSaved at once.
let mergeInFlight: Promise<void> | null = null;

function mergeLocalIntoAccount(queryClient: QueryClient): Promise<void> {
  mergeInFlight ??= (async () => {
    const productIds = readLocal();
    if (!productIds.length) return;
    try {
      const result = await mergeSaved(productIds);
      queryClient.setQueryData<SavedList>(savedQueryKey, { items: result.items });
      // Only what was merged leaves the local list; a save made meanwhile stays for the next merge.
      writeLocal(readLocal().filter((id) => !productIds.includes(id)));
    } catch (error) {
      // Kept locally; the next sign-in or page load retries.
      console.warn("Merging the saved items into the account failed", error);
    }
  })().finally(() => {
    mergeInFlight = null;
  });
  return mergeInFlight;
}

/**
 * Saved items (001 §4): an instant toggle, local while signed out (merged into the account and
 * cleared at sign-in), rolled back on failure, and live across the user's tabs and devices.
 */
export function useSaved() {
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const signedIn = status === "signed-in" && user !== null;
  const localIds = useSyncExternalStore(subscribeLocal, readLocal, () => EMPTY);

  // Every save button holds the user's topic; the list is fetched once it is listened to, then for
  // each change it does not already show (this device's own toggle, patched in at once).
  const fetchable = useLiveTopic(signedIn ? realtimeTopics.saved(user.id) : null, (event) => {
    if (alreadyShown(queryClient.getQueryData<SavedList>(savedQueryKey)?.items.map((item) => item.productId), event)) return;
    refetchLive(queryClient, savedQueryKey);
  });
  const query = useQuery({ ...getSavedQueryOptions(), enabled: signedIn && fetchable });

  useEffect(() => {
    if (query.isError) toast.error("Error loading saved items", { id: "saved-load-error" });
  }, [query.isError]);

  useEffect(() => {
    if (signedIn && localIds.length) void mergeLocalIntoAccount(queryClient);
  }, [signedIn, localIds, queryClient]);

  const mutation = useMutation({
    mutationFn: setSaved,
    onMutate: async ({ productId, save }) => {
      await queryClient.cancelQueries({ queryKey: savedQueryKey });
      const previous = queryClient.getQueryData<SavedList>(savedQueryKey);
      const items = (previous?.items ?? []).filter((item) => item.productId !== productId);
      queryClient.setQueryData<SavedList>(savedQueryKey, {
        items: save ? [{ productId, product: null }, ...items] : items,
      });
      patchSaveCounts(queryClient, productId, save ? 1 : -1);
      return { previous };
    },
    onSuccess: (_result, { save }) => {
      toast.success(save ? "Added to Saved" : "Removed from Saved");
    },
    onError: (error, { productId, save }, context) => {
      queryClient.setQueryData(savedQueryKey, context?.previous);
      patchSaveCounts(queryClient, productId, save ? -1 : 1);
      toast.error("Error", { description: error instanceof ApiRequestError ? error.message : "Failed to update saved items" });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: savedQueryKey });
    },
  });

  const ids = signedIn ? (query.data?.items.map((item) => item.productId) ?? EMPTY) : localIds;

  function toggle(product: SaveableProduct) {
    const productId = baseProductId(product.id);
    if (!isUuid(productId)) {
      toast.error("Error", { description: "Invalid product ID" });
      return;
    }
    const save = !ids.includes(productId);
    if (signedIn) {
      mutation.mutate({ productId, save });
      return;
    }
    writeLocal(save ? [productId, ...localIds.filter((id) => id !== productId)] : localIds.filter((id) => id !== productId));
    toast.success(save ? "Added to saved items" : "Removed from saved items", {
      description: "Sign in to sync your saved items across devices",
    });
  }

  return {
    ids,
    isSaved: (id: string) => ids.includes(baseProductId(id)),
    toggle,
    /** Signed in: the account's rows with their products (null when no longer available). */
    items: signedIn ? (query.data?.items ?? []) : localIds.map((productId) => ({ productId, product: null })),
    isLoading: signedIn && query.isPending,
  };
}
