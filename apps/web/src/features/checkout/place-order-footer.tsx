import { formatPrice, fromPaise } from "@reelmart/core/format";
import { Link } from "react-router";
import { Button } from "../../shared/ui/button.tsx";

interface PlaceOrderFooterProps {
  /** Why the last attempt was refused, when no field of the address says it. */
  formError: string | null;
  /** The sentence naming the lines this marketplace does not sell (decision 212), if any. */
  notSold: string | null;
  /** A line of a product with variants has none chosen. */
  needsChoice: boolean;
  placing: boolean;
  totalPaise: number;
}

/** What stops the order, if anything, and the Place order button with the total. */
export function PlaceOrderFooter({ formError, notSold, needsChoice, placing, totalPaise }: PlaceOrderFooterProps) {
  return (
    <>
      {formError ? (
        <p role="alert" className="rounded-xl bg-red-500/10 px-4 py-3 text-sm text-red-300">
          {formError}
        </p>
      ) : null}
      {notSold ? (
        <p className="text-sm text-amber-400">
          {notSold}{" "}
          <Link to="/cart" className="underline">
            Go to your cart
          </Link>
        </p>
      ) : null}
      {needsChoice ? (
        <p className="text-sm text-amber-400">
          Choose a size or colour for every item in your <Link to="/cart" className="underline">cart</Link> first.
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={needsChoice || notSold !== null || placing}>
        {placing ? "Placing order..." : `Place order · ${formatPrice(fromPaise(totalPaise))}`}
      </Button>
    </>
  );
}
