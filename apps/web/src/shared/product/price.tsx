import { formatPrice, fromPaise } from "@reelmart/core/format";
import { listPricePaise, unitPricePaise } from "@reelmart/core/pricing";

interface PriceProps {
  price: string;
  discountPercentage: number;
  /** The chosen variant's adjustment, added before the discount. */
  priceAdjustment?: string | null;
  size?: "sm" | "md" | "lg" | "xl";
  /** Appended after the paid price, e.g. "× 2" on a cart or purchase line. */
  suffix?: string;
  className?: string;
}

const paidSize = { sm: "text-sm", md: "text-base", lg: "text-lg", xl: "text-2xl" } as const;
const wasSize = { sm: "text-xs", md: "text-xs", lg: "text-sm", xl: "text-sm" } as const;

/**
 * Every price a shopper sees: what they pay (core's unitPricePaise, the rule the cart and orders
 * charge by), with the list price struck through and the discount beside it when there is one.
 */
export function Price({ price, discountPercentage, priceAdjustment, size = "sm", suffix, className = "" }: PriceProps) {
  const listPaise = listPricePaise(price, priceAdjustment);
  const paidPaise = unitPricePaise(price, discountPercentage, priceAdjustment);
  const discounted = paidPaise < listPaise;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-1.5 ${className}`} data-testid="price">
      <span className={`${paidSize[size]} font-semibold text-white`} data-testid="paid-price">
        {formatPrice(fromPaise(paidPaise))}
      </span>
      {suffix ? <span className={`${wasSize[size]} text-neutral-300`}>{suffix}</span> : null}
      {discounted ? (
        <>
          <span className={`${wasSize[size]} text-neutral-400 line-through`}>
            <span className="sr-only">Was </span>
            {formatPrice(fromPaise(listPaise))}
          </span>
          <span className={`${wasSize[size]} font-semibold text-emerald-400`}>{Math.round(discountPercentage)}% off</span>
        </>
      ) : null}
    </span>
  );
}
