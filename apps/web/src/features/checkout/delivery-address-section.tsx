import type { Address, AddressInput } from "@reelmart/core/api/orders";
import type { UseFormReturn } from "react-hook-form";
import { AddressFields } from "./address-form.tsx";

/** The address choice that opens the new address's fields instead of one of the saved addresses. */
export const NEW_ADDRESS = "new";

interface DeliveryAddressSectionProps {
  /** The shopper's saved addresses in the marketplace's country. */
  saved: Address[];
  /** A saved address's id, or NEW_ADDRESS. */
  chosen: string;
  onChoose(choice: string): void;
  /** The new address's form. */
  form: UseFormReturn<AddressInput>;
  countryCode: string;
  countryName: string;
  usesPostalCodes: boolean;
  saveAddress: boolean;
  onSaveAddressChange(save: boolean): void;
}

/** Checkout's delivery address: one of the saved addresses, or a new one's fields and whether to save it. */
export function DeliveryAddressSection({ saved, chosen, onChoose, form, countryCode, countryName, usesPostalCodes, saveAddress, onSaveAddressChange }: DeliveryAddressSectionProps) {
  return (
    <section aria-labelledby="delivery-heading" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
      <h2 id="delivery-heading" className="text-base font-semibold">
        Delivery address
      </h2>
      {saved.length ? (
        <fieldset className="mt-3 grid gap-2">
          <legend className="sr-only">Choose a delivery address</legend>
          {saved.map((address) => (
            <label key={address.id} className="flex gap-3 rounded-xl border border-neutral-800 p-3 text-sm has-[:checked]:border-rose-500">
              <input type="radio" name="address" value={address.id} checked={chosen === address.id} onChange={() => onChoose(address.id)} className="mt-1 accent-rose-500" />
              <span>
                <span className="block font-medium text-white">{address.name}</span>
                <span className="block text-neutral-400">
                  {[address.line1, address.line2, address.city, address.state, address.postalCode].filter(Boolean).join(", ")}
                </span>
                <span className="block text-neutral-400">{address.phone}</span>
              </span>
            </label>
          ))}
          <label className="flex items-center gap-3 rounded-xl border border-neutral-800 p-3 text-sm has-[:checked]:border-rose-500">
            <input type="radio" name="address" value={NEW_ADDRESS} checked={chosen === NEW_ADDRESS} onChange={() => onChoose(NEW_ADDRESS)} className="accent-rose-500" />
            Add a new address
          </label>
        </fieldset>
      ) : null}
      {chosen === NEW_ADDRESS ? (
        <div className="mt-4">
          <AddressFields register={form.register} errors={form.formState.errors} countryCode={countryCode} countryName={countryName} usesPostalCodes={usesPostalCodes} />
          <label className="mt-4 flex items-center gap-2 text-sm text-neutral-200">
            <input type="checkbox" checked={saveAddress} onChange={(event) => onSaveAddressChange(event.target.checked)} className="size-4 accent-rose-500" />
            Save this address for next time
          </label>
        </div>
      ) : null}
    </section>
  );
}
