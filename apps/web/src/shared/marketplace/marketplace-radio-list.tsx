import type { Marketplace } from "@reelmart/core/api/catalog";
import * as RadioGroup from "@radix-ui/react-radio-group";
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
 * while they load (000 §2). Shared by the shell's picker and the profile settings dialog.
 */
export function MarketplaceRadioList({ marketplaces, isLoading, value, onChoose, label }: MarketplaceRadioListProps) {
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
    <RadioGroup.Root aria-label={label} value={value ?? ""} onValueChange={onChoose} className="flex flex-col gap-2">
      {marketplaces.map((marketplace) => (
        <RadioGroup.Item
          key={marketplace.id}
          value={marketplace.id}
          className="group flex w-full items-center gap-3 rounded-xl border border-neutral-800 bg-neutral-900 px-3 py-3 text-left transition-colors hover:border-neutral-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white data-[state=checked]:border-rose-500 data-[state=checked]:bg-rose-500/10"
        >
          <img src={marketplace.flagUrl} alt="" width={36} height={24} className="h-6 w-9 shrink-0 rounded-sm bg-neutral-800 object-cover" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-medium break-words text-white">{marketplace.name}</span>
            {marketplace.tagline ? <span className="text-xs break-words text-neutral-400">{marketplace.tagline}</span> : null}
          </span>
          <span
            aria-hidden="true"
            className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-neutral-600 group-data-[state=checked]:border-rose-500"
          >
            <RadioGroup.Indicator className="size-2.5 rounded-full bg-rose-500" />
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
