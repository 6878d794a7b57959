import type { PaymentMethod } from "@reelmart/core/api/orders";

/** How to pay: cash on delivery, and online where the shop takes online payments. */
export function PaymentSection({ payment, onChange, online }: { payment: PaymentMethod; onChange(payment: PaymentMethod): void; online: boolean }) {
  return (
    <section aria-labelledby="payment-heading" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
      <h2 id="payment-heading" className="text-base font-semibold">
        Payment
      </h2>
      <fieldset className="mt-3 grid gap-2">
        <legend className="sr-only">Choose how to pay</legend>
        <PaymentOption value="cod" checked={payment === "cod"} onChange={onChange} title="Cash on delivery" detail="Pay in cash when your order arrives" />
        {online ? <PaymentOption value="online" checked={payment === "online"} onChange={onChange} title="Pay online" detail="UPI, cards and net banking through Razorpay" /> : null}
      </fieldset>
    </section>
  );
}

function PaymentOption(props: { value: PaymentMethod; checked: boolean; onChange(value: PaymentMethod): void; title: string; detail: string }) {
  return (
    <label className="flex gap-3 rounded-xl border border-neutral-800 p-3 text-sm has-[:checked]:border-rose-500">
      <input type="radio" name="payment" value={props.value} checked={props.checked} onChange={() => props.onChange(props.value)} className="mt-1 accent-rose-500" />
      <span>
        <span className="block font-medium text-white">{props.title}</span>
        <span className="block text-neutral-400">{props.detail}</span>
      </span>
    </label>
  );
}
