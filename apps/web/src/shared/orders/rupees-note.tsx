import { useCheckoutOptions } from "./get-checkout-options.ts";

/**
 * Every price in this store is in Indian rupees, whatever the marketplace (decision 212): said beside
 * the total where a shopper outside India would otherwise take it for their own currency. Nothing
 * in India, nor while the marketplace's country is not known yet.
 */
export function RupeesNote({ marketplaceId, className = "" }: { marketplaceId: string | null; className?: string }) {
  const options = useCheckoutOptions(marketplaceId);
  if (!options.data || options.data.countryCode === "IN") return null;
  return <p className={`text-xs text-neutral-400 ${className}`}>Prices are in Indian rupees (INR) in every marketplace.</p>;
}
