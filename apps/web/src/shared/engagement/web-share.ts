import { useEffect, useState } from "react";

// The Web Share API as browsers enforce it (issue 18 item 5): the share sheet opens only inside the
// click that asked for it (transient activation: nothing may be awaited before navigator.share, so
// any file is fetched before the click), files go along only when navigator.canShare accepts them,
// and a dismissed sheet (AbortError) is a cancel, not a failure.

/** What became of a share: sent, dismissed by the shopper, not possible here (use the fallback), or failed. */
export type WebShareOutcome = "shared" | "cancelled" | "unavailable" | "failed";

export function canWebShare(): boolean {
  return typeof navigator.share === "function";
}

/** Shares `data` (with `files` when the browser accepts them). Call it synchronously from the click. */
export async function webShare(data: { title: string; text: string; url: string }, files: File[] = []): Promise<WebShareOutcome> {
  if (!canWebShare()) return "unavailable";
  // Outside a user's gesture the browser would refuse with NotAllowedError; the caller falls back instead.
  if (navigator.userActivation && !navigator.userActivation.isActive) return "unavailable";
  const payload: ShareData = files.length && navigator.canShare?.({ files }) ? { ...data, files } : data;
  try {
    await navigator.share(payload);
    return "shared";
  } catch (error) {
    return error instanceof DOMException && error.name === "AbortError" ? "cancelled" : "failed";
  }
}

/**
 * The poster image as a File, fetched while `enabled` (the drawer is open) so it is ready before the
 * click: fetching it inside the click would spend the activation. Null until loaded, or when the
 * browser cannot share files at all (then nothing is fetched).
 */
export function useShareFile(url: string | null | undefined, enabled: boolean): File | null {
  const [file, setFile] = useState<{ url: string; file: File } | null>(null);
  useEffect(() => {
    if (!enabled || !url || !canWebShare() || typeof navigator.canShare !== "function") return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        const blob = await response.blob();
        const name = new URL(url, window.location.href).pathname.split("/").pop() || "poster";
        setFile({ url, file: new File([blob], name, { type: blob.type }) });
      })
      // swallowed: no file is fine; the share goes without it.
      .catch(() => {});
    return () => controller.abort();
  }, [url, enabled]);
  return file && file.url === url ? file.file : null;
}
