import type { SavedList } from "@reelmart/core/api/engagement";
import { apiRequest } from "../../api/client.ts";

/** POST /api/saved/merge: the signed-out list joins the account at sign-in (useSaved runs it once). */
export const mergeSaved = (productIds: string[]) => apiRequest<SavedList>("/saved/merge", { method: "POST", body: { productIds } });
