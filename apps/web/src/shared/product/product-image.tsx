import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useMediaEvents } from "../ui/use-media-events.ts";

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Above-the-fold images load eagerly; the rest wait until they scroll near. */
  eager?: boolean;
  /** Called once the picture shows what it will show: loaded, or the fallback in place. */
  onSettled?: () => void;
}

/** A product picture that falls back to '/placeholder.svg' once, then to an icon (001 §2). */
export function ProductImage({ src, alt, className = "", eager = false, onSettled }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const current = failed === src ? "/placeholder.svg" : src;
  const fallenBack = !current || failed === "/placeholder.svg";
  const image = useRef<HTMLImageElement>(null);
  // A picture created in a transition's render may load or fail before it is mounted: read on mount.
  const events = useMediaEvents(image, {
    load: () => onSettled?.(),
    error: () => setFailed(current === src ? (src ?? null) : "/placeholder.svg"),
  });
  useEffect(() => {
    if (fallenBack) onSettled?.();
  }, [fallenBack, onSettled]);
  if (fallenBack) {
    // A decorative picture (alt "") stays decorative: an unnamed role="img" is an axe violation.
    const name = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
    return (
      <div {...name} className={`flex items-center justify-center bg-neutral-800 text-neutral-500 ${className}`}>
        <ImageOff aria-hidden="true" className="size-6" />
      </div>
    );
  }
  return (
    <img
      src={current}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      ref={image}
      {...events}
      className={`bg-neutral-800 object-cover ${className}`}
    />
  );
}
