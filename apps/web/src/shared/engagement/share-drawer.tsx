import type { SharePlatform } from "@reelmart/core/api/engagement";
import { baseProductId } from "@reelmart/core/ids";
import { Check, Link, MessageSquare, Share2, WifiOff } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { Drawer } from "vaul";
import { useOnlineStatus } from "./use-online-status.ts";
import { useRecordShare } from "./use-engagement.ts";

export interface ShareDrawerProps {
  mediaId: string;
  product: { id: string; title?: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 001 §7: the internal link every share carries. */
export function shareLink(origin: string, productId: string, mediaId: string): string {
  return `${origin}/product-profile/${encodeURIComponent(baseProductId(productId))}?media=${encodeURIComponent(mediaId)}`;
}

const COPIED_LABEL_MS = 2000;

/** The 'Share' drawer (001 §2): every share is recorded (platform, device) and counted. */
export function ShareDrawer({ mediaId, product, open, onOpenChange }: ShareDrawerProps) {
  const online = useOnlineStatus();
  const record = useRecordShare(mediaId);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const url = shareLink(window.location.origin, product.id, mediaId);
  const title = product.title ?? "Check out this product";
  const canNativeShare = typeof navigator.share === "function";

  function done(platform: SharePlatform) {
    record.mutate(platform);
    onOpenChange(false);
  }

  async function nativeShare() {
    try {
      await navigator.share({ title, text: title, url });
      done("native");
    } catch (error) {
      // Dismissing the system sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast.error("Share failed", { description: "Unable to share content" });
    }
  }

  function openExternal(platform: "facebook" | "twitter", target: string) {
    // With noopener browsers return null even on success, so only a thrown error counts as failure.
    window.open(target, "_blank", "noopener,noreferrer");
    done(platform);
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      toast.error("Copy failed");
      return;
    }
    setCopied(true);
    toast.success("Link copied");
    // Offline the copy still works, but the share cannot be recorded now; it is not counted.
    if (online) record.mutate("copy-link");
  }

  async function instagram() {
    // Instagram has no web share endpoint: the link goes to the clipboard for pasting in the app.
    await navigator.clipboard.writeText(url).catch(() => {});
    toast("Instagram Sharing - only available through their app");
    done("instagram");
  }

  function tryAction(action: () => void | Promise<void>) {
    return () => {
      try {
        void action();
      } catch {
        toast.error("Failed to share video");
      }
    };
  }

  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Drawer.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-w-[480px] flex-col rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] text-gray-900">
          <div className="mx-auto mt-3 h-1.5 w-12 rounded-full bg-gray-300" aria-hidden />
          <Drawer.Title className="px-4 py-3 text-center text-base font-semibold">Share</Drawer.Title>
          <Drawer.Description className="sr-only">Share this video</Drawer.Description>
          {!online && (
            <p role="status" className="mx-4 mb-2 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
              <WifiOff className="size-4 shrink-0" aria-hidden />
              You're offline. Some sharing options are unavailable.
            </p>
          )}
          <div className="grid grid-cols-3 gap-3 px-4 py-2">
            {canNativeShare && (
              <ShareOption label="Share via..." disabled={!online} onClick={tryAction(nativeShare)} icon={<Share2 className="size-5" aria-hidden />} />
            )}
            <ShareOption
              label="Facebook"
              disabled={!online}
              onClick={tryAction(() => openExternal("facebook", `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`))}
              icon={<Letter>f</Letter>}
            />
            <ShareOption
              label="Twitter"
              disabled={!online}
              onClick={tryAction(() =>
                openExternal("twitter", `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`),
              )}
              icon={<Letter>t</Letter>}
            />
            <ShareOption label="Instagram" disabled={!online} onClick={tryAction(instagram)} icon={<Letter>ig</Letter>} />
            <ShareOption
              label="Message"
              disabled={!online}
              onClick={tryAction(() => {
                window.location.href = `sms:?&body=${encodeURIComponent(`${title} ${url}`)}`;
                done("message");
              })}
              icon={<MessageSquare className="size-5" aria-hidden />}
            />
            <ShareOption
              label={copied ? "Link Copied!" : "Copy Link"}
              onClick={tryAction(copyLink)}
              icon={copied ? <Check className="size-5" aria-hidden /> : <Link className="size-5" aria-hidden />}
            />
          </div>
          <button type="button" className="m-4 rounded-full border py-3 text-sm font-medium" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

function ShareOption(props: { label: string; icon: ReactNode; disabled?: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      disabled={props.disabled}
      onClick={props.onClick}
      className="flex min-h-11 flex-col items-center gap-1 rounded-xl p-2 text-xs disabled:opacity-40"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-gray-100">{props.icon}</span>
      {props.label}
    </button>
  );
}

function Letter({ children }: { children: ReactNode }) {
  return (
    <span className="text-sm font-bold" aria-hidden>
      {children}
    </span>
  );
}
