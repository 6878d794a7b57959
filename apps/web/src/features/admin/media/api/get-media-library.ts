import type { MediaLibraryPage, MediaLibraryQuery } from "@reelmart/core/api/media";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../../shared/api/client.ts";
import { adminKeys } from "../../api/admin-keys.ts";

export type LibraryFilters = Pick<MediaLibraryQuery, "productId" | "type" | "category" | "status">;

export function getMediaLibrary(filters: LibraryFilters, cursor: string | null, signal?: AbortSignal) {
  return apiRequest<MediaLibraryPage>("/admin/media-library", { signal, query: { ...filters, cursor, limit: 24 } });
}

/** GET /api/admin/media-library: every product's media, newest first, one page at a time. */
export function useMediaLibrary(filters: LibraryFilters) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.mediaLibrary, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getMediaLibrary(filters, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
