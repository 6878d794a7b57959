import { Star } from "lucide-react";

/** Five stars with `value` filled, announced as "Rated n out of 5". */
export function Stars({ value, className = "size-3.5" }: { value: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} aria-hidden="true" className={`${className} ${star <= Math.round(value) ? "fill-amber-400 text-amber-400" : "text-neutral-600"}`} />
      ))}
    </span>
  );
}
