import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { toast } from "../../../shared/ui/toast.ts";

/** A failed admin action as the spec words it (000 §8): the title, then the underlying message in words for the owner. */
export function toastFailure(title: string, error: unknown) {
  toast.error(title, { description: shopperMessage(error) });
}
