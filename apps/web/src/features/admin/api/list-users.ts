import type { AdminUserPage } from "@reelmart/core/api/admin";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const listUsers = (q: string, cursor: string | null, signal?: AbortSignal) => apiRequest<AdminUserPage>("/admin/users", { signal, query: { q, cursor } });

export const usersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.users, q],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => listUsers(q, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useUsers = (q: string) => useInfiniteQuery(usersQuery(q));
