import { toast } from "../../../shared/ui/toast.ts";

/** A failed admin action as the spec words it (000 §8): the title, then the underlying message. */
export function toastFailure(title: string, error: unknown) {
  toast.error(title, { description: error instanceof Error && error.message ? error.message : "Unknown error" });
}
