import { ImageOff } from "lucide-react";
import { useEffect, useState } from "react";

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
      onLoad={onSettled}
      onError={() => setFailed(current === src ? (src ?? null) : "/placeholder.svg")}
      className={`bg-neutral-800 object-cover ${className}`}
    />
  );
}
