import type { SharePlatform } from "@reelmart/core/api/engagement";
import { baseProductId } from "@reelmart/core/ids";
import { Check, Link, Share2, WifiOff } from "lucide-react";
import { type SimpleIcon, siFacebook, siGooglemessages, siInstagram, siX } from "simple-icons";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "../ui/toast.ts";
import { Button } from "../ui/button.tsx";
import { Drawer } from "../ui/drawer.tsx";
import { useOnlineStatus } from "./use-online-status.ts";
import { useRecordShare } from "./api/record-share.ts";
import { canWebShare, useShareFile, webShare } from "./web-share.ts";

export interface ShareDrawerProps {
  mediaId: string;
  product: { id: string; title?: string };
  /** The video's poster: shared as an image file where the browser's share sheet takes files. */
  posterUrl?: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 001 §7: the internal link every share carries. */
export function shareLink(origin: string, productId: string, mediaId: string): string {
  return `${origin}/product-profile/${encodeURIComponent(baseProductId(productId))}?media=${encodeURIComponent(mediaId)}`;
}

const COPIED_LABEL_MS = 2000;

/** The 'Share' drawer (001 §2): every share is recorded (platform, device) and counted. */
export function ShareDrawer({ mediaId, product, posterUrl, open, onOpenChange }: ShareDrawerProps) {
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
  const canNativeShare = canWebShare();
  const posterFile = useShareFile(posterUrl, open && canNativeShare);

  function done(platform: SharePlatform) {
    record.mutate(platform);
    onOpenChange(false);
  }

  async function nativeShare() {
    // Called straight from the click, nothing awaited first: the sheet needs that click's activation.
    const outcome = await webShare({ title, text: title, url }, posterFile ? [posterFile] : []);
    if (outcome === "shared") done("native");
    else if (outcome === "unavailable") await copyLink();
    // Dismissing the system sheet ("cancelled") is not a failure.
    else if (outcome === "failed") toast.error("Share failed", { description: "Unable to share content" });
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
      // swallowed: answered with 'Copy failed'; a refused clipboard is the browser's choice, not a fault.
      toast.error("Copy failed");
      return;
    }
    // Offline the copy still works, but the share cannot be recorded now; it is not counted. Online,
    // a share the server refused shows only 'Share failed' (from the mutation), never 'Link copied' too.
    if (online) {
      try {
        await record.mutateAsync("copy-link");
      } catch {
        // swallowed: the mutation's own onError has answered with 'Share failed'.
        return;
      }
    }
    setCopied(true);
    toast.success("Link copied");
  }

  async function instagram() {
    // Instagram has no web share endpoint: the link goes to the clipboard for pasting in the app.
    await navigator.clipboard.writeText(url).catch((error: unknown) => console.error("Copying the link for Instagram failed", error));
    toast("Instagram Sharing - only available through their app");
    done("instagram");
  }

  // Called synchronously, inside the tap that allows a share sheet or a new window; an action that
  // fails later (a rejected promise) is answered as one that throws at once.
  function tryAction(action: () => void | Promise<void>) {
    const failed = (error: unknown) => {
      console.error("Sharing the video failed", error);
      toast.error("Failed to share video");
    };
    return () => {
      try {
        void Promise.resolve(action()).catch(failed);
      } catch (error) {
        failed(error);
      }
    };
  }

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Share" description="Share this video" className="pb-[env(safe-area-inset-bottom)]">
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
          icon={<BrandMark icon={siFacebook} />}
        />
        <ShareOption
          label="Twitter"
          disabled={!online}
          onClick={tryAction(() =>
            openExternal("twitter", `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`),
          )}
          icon={<BrandMark icon={siX} />}
        />
        <ShareOption label="Instagram" disabled={!online} onClick={tryAction(instagram)} icon={<BrandMark icon={siInstagram} />} />
        <ShareOption
          label="Message"
          disabled={!online}
          onClick={tryAction(() => {
            window.location.href = `sms:?&body=${encodeURIComponent(`${title} ${url}`)}`;
            done("message");
          })}
          icon={<BrandMark icon={siGooglemessages} />}
        />
        <ShareOption
          label={copied ? "Link Copied!" : "Copy Link"}
          onClick={tryAction(copyLink)}
          icon={copied ? <Check className="size-5" aria-hidden /> : <Link className="size-5" aria-hidden />}
        />
      </div>
      <Button variant="outline-light" size="none" className="m-4 py-3 text-sm" onClick={() => onOpenChange(false)}>
        Cancel
      </Button>
    </Drawer>
  );
}

function ShareOption(props: { label: string; icon: ReactNode; disabled?: boolean; onClick(): void }) {
  return (
    <Button variant="bare" disabled={props.disabled} onClick={props.onClick} className="flex min-h-11 flex-col items-center gap-1 rounded-xl p-2 text-xs">
      <span className="flex size-11 items-center justify-center rounded-full bg-gray-100">{props.icon}</span>
      {props.label}
    </Button>
  );
}

/** A network's own mark (simple-icons), in its brand colour. */
function BrandMark({ icon }: { icon: SimpleIcon }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill={`#${icon.hex}`} aria-hidden>
      <path d={icon.path} />
    </svg>
  );
}
