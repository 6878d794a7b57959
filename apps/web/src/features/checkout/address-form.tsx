import { INDIA_STATES, INDIA_UNION_TERRITORIES } from "@reelmart/core/address";
import type { AddressInput } from "@reelmart/core/api/orders";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Field, FieldFrame, controlClass } from "../../shared/ui/field.tsx";

interface AddressFieldsProps {
  register: UseFormRegister<AddressInput>;
  errors: FieldErrors<AddressInput>;
  countryCode: string;
  countryName: string;
  usesPostalCodes: boolean;
}

/** The delivery address fields, in the order an Indian address is written; other countries get their postal-code wording. */
export function AddressFields({ register, errors, countryCode, countryName, usesPostalCodes }: AddressFieldsProps) {
  const india = countryCode === "IN";
  return (
    <div className="grid gap-4">
      <Field label="Full name" autoComplete="name" {...register("name")} error={errors.name?.message} />
      <Field
        label={india ? "Mobile number" : "Phone number"}
        hint={india ? "10 digits, for delivery updates" : undefined}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...register("phone")}
        error={errors.phone?.message}
      />
      <Field label="Flat, house no., building" autoComplete="address-line1" {...register("line1")} error={errors.line1?.message} />
      <Field label="Area, street, landmark (optional)" autoComplete="address-line2" {...register("line2")} error={errors.line2?.message} />
      <Field label={india ? "Town or city" : "City"} autoComplete="address-level2" {...register("city")} error={errors.city?.message} />
      {india ? (
        <FieldFrame label="State or union territory" error={errors.state?.message}>
          {(control) => (
            <select {...control} {...register("state")} autoComplete="address-level1" className={controlClass} defaultValue="">
              <option value="" disabled>
                Choose a state or union territory
              </option>
              <optgroup label="States">
                {INDIA_STATES.map((state) => (
                  <option key={state}>{state}</option>
                ))}
              </optgroup>
              <optgroup label="Union territories">
                {INDIA_UNION_TERRITORIES.map((territory) => (
                  <option key={territory}>{territory}</option>
                ))}
              </optgroup>
            </select>
          )}
        </FieldFrame>
      ) : (
        <Field label="State, county or region (optional)" autoComplete="address-level1" {...register("state")} error={errors.state?.message} />
      )}
      {usesPostalCodes ? (
        <Field
          label={india ? "PIN code" : countryCode === "US" ? "ZIP code" : "Postal code"}
          inputMode={india ? "numeric" : "text"}
          autoComplete="postal-code"
          maxLength={india ? 6 : 12}
          {...register("postalCode")}
          error={errors.postalCode?.message}
        />
      ) : null}
      <p className="text-sm text-neutral-400">Country: {countryName}</p>
    </div>
  );
}
