import type { Order, OrderEvent, OrderLine } from "@reelmart/core/api/orders";
import { formatDateTime, formatPrice } from "@reelmart/core/format";
import { useId } from "react";
import { Link } from "react-router";
import { ProductImage } from "../product/product-image.tsx";
import { orderEventLabel } from "./order-status.ts";

// The parts of one order that the shopper's order page and the admin's order screen both show:
// its lines, where it goes and what happened to it. One markup, so both read the same.

function OrderSection({ title, children, className = "" }: { title: string; children: React.ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`rounded-2xl border border-neutral-800 bg-neutral-950 p-4 ${className}`}>
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The order's lines with their pictures; `productLink` says where a line's title leads (none when it returns null). */
export function OrderLines({ lines, productLink, children }: { lines: OrderLine[]; productLink: (line: OrderLine) => string | null; children?: React.ReactNode }) {
  return (
    <OrderSection title="Items">
      <ul aria-label="Order lines" className="mt-2 divide-y divide-neutral-900">
        {lines.map((line) => {
          const to = productLink(line);
          return (
            <li key={line.id} className="flex items-center gap-3 py-2 text-sm">
              <ProductImage src={line.imageUrl} alt="" className="size-12 shrink-0 rounded-lg" />
              <div className="min-w-0 flex-1">
                {to ? (
                  <Link to={to} className="line-clamp-1 font-medium text-white hover:underline">
                    {line.title}
                  </Link>
                ) : (
                  <p className="line-clamp-1 font-medium text-white">{line.title}</p>
                )}
                <p className="text-xs text-neutral-400">{[line.variantLabel, `${line.quantity} × ${formatPrice(line.unitPrice)}`].filter(Boolean).join(" · ")}</p>
              </div>
              <p className="font-medium whitespace-nowrap text-white tabular-nums">{formatPrice(line.lineTotal)}</p>
            </li>
          );
        })}
      </ul>
      {children}
    </OrderSection>
  );
}

export function DeliveryAddress({ title, address }: { title: string; address: Order["shippingAddress"] }) {
  return (
    <OrderSection title={title} className="text-sm">
      <p className="mt-2 font-medium text-white">{address.name}</p>
      <p className="text-neutral-400">{[address.line1, address.line2, address.city, address.state, address.postalCode].filter(Boolean).join(", ")}</p>
      <p className="text-neutral-400">{address.phone}</p>
    </OrderSection>
  );
}

/** What happened to the order, oldest first; admins also see who did it. */
export function OrderTimeline({ events, showActor = false }: { events: OrderEvent[]; showActor?: boolean }) {
  return (
    <OrderSection title="Timeline">
      <ol aria-label="Order timeline" className="mt-3 space-y-3 border-l border-neutral-800 pl-4">
        {events.map((event) => (
          <li key={event.id} className="relative text-sm">
            <span aria-hidden className="absolute top-1.5 -left-[21px] size-2 rounded-full bg-rose-500" />
            <p className="font-medium text-white">{orderEventLabel(event.kind)}</p>
            <p className="text-xs text-neutral-400">{[showActor ? event.actor : null, formatDateTime(event.createdAt), event.note].filter(Boolean).join(" · ")}</p>
          </li>
        ))}
      </ol>
    </OrderSection>
  );
}
