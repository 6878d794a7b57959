/** A grey placeholder block; decorative, so hidden from assistive technology. */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-xl bg-neutral-800 ${className}`} />;
}
