import type { Marketplace } from "@reelmart/core/api/catalog";
import { useId } from "react";
import { Skeleton } from "../ui/skeleton.tsx";

interface MarketplaceRadioListProps {
  marketplaces: Marketplace[];
  isLoading: boolean;
  value: string | null;
  onChoose: (id: string) => void;
  label: string;
}

/**
 * The marketplaces as radio choices (flag, name, optional tagline), with three grey placeholders
 * while they load (000 §2). Shared by the shell's picker and the profile settings dialog. Native
 * radios (arrow keys move and choose, as Radix's radio group did) keep Radix out of the picker's chunk.
 */
export function MarketplaceRadioList({ marketplaces, isLoading, value, onChoose, label }: MarketplaceRadioListProps) {
  const name = useId();
  if (isLoading) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading marketplaces">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (marketplaces.length === 0) {
    return <p className="py-6 text-center text-sm text-neutral-400">No marketplaces are available right now.</p>;
  }
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-col gap-2">
      {marketplaces.map((marketplace) => (
        <label
          key={marketplace.id}
          className="relative flex w-full items-center gap-3 rounded-xl border border-neutral-800 bg-neutral-900 px-3 py-3 text-left transition-colors hover:border-neutral-600 has-[:checked]:border-rose-500 has-[:checked]:bg-rose-500/10"
        >
          {/* The whole row is the radio: a transparent input laid over it takes the taps and the focus ring. */}
          <input
            type="radio"
            name={name}
            value={marketplace.id}
            checked={marketplace.id === value}
            onChange={() => onChoose(marketplace.id)}
            className="peer absolute inset-0 z-10 cursor-pointer appearance-none rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          />
          <img src={marketplace.flagUrl} alt="" width={36} height={24} className="h-6 w-9 shrink-0 rounded-sm bg-neutral-800 object-cover" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-medium break-words text-white">{marketplace.name}</span>
            {marketplace.tagline ? <span className="text-xs break-words text-neutral-400">{marketplace.tagline}</span> : null}
          </span>
          <span
            aria-hidden="true"
            className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-neutral-600 peer-checked:border-rose-500"
          >
            {marketplace.id === value ? <span className="size-2.5 rounded-full bg-rose-500" /> : null}
          </span>
        </label>
      ))}
    </div>
  );
}
