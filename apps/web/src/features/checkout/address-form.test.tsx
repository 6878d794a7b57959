import { zodResolver } from "@hookform/resolvers/zod";
import { developerTextIn } from "@reelmart/core/api/developer-text.test-helper";
import { type AddressInput, AddressInputSchema } from "@reelmart/core/api/orders";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { AddressFields } from "./address-form.tsx";

// Decision 213: the delivery address form refuses bad input in the core schema's sentences, the
// same the server answers with, naming the field as the form labels it.

const VALID: AddressInput = { name: "Asha Rao", phone: "9876543210", line1: "12 MG Road", line2: "", city: "Pune", state: "Maharashtra", postalCode: "411001", countryCode: "IN" };

/** The address fields as checkout holds them: react-hook-form with the schema the server validates with. */
function IndianAddressForm() {
  const form = useForm<AddressInput>({ resolver: zodResolver(AddressInputSchema), defaultValues: VALID });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <AddressFields register={form.register} errors={form.formState.errors} countryCode="IN" countryName="India" usesPostalCodes />
      <button type="submit">Place order</button>
    </form>
  );
}

const shownError = (input: HTMLElement) => document.getElementById(`${input.id}-error`)?.textContent ?? null;

describe("the delivery address form's refusals", () => {
  it.each([
    ["Full name", "empty", "", "Full name is required"],
    ["Full name", "too long", "x".repeat(101), "Full name can be at most 100 characters"],
    ["Mobile number", "too short", "12345", "Enter a 10-digit mobile number"],
    ["Mobile number", "letters", "abcdefghij", "Enter a 10-digit mobile number"],
    ["Flat, house no., building", "empty", " ", "Address is required"],
    ["Area, street, landmark (optional)", "too long", "x".repeat(201), "Address line 2 can be at most 200 characters"],
    ["Town or city", "too long", "x".repeat(101), "City can be at most 100 characters"],
    ["State or union territory", "not chosen", "", "Choose a state or union territory"],
    ["PIN code", "five digits", "56000", "Enter a valid 6-digit PIN code"],
    ["PIN code", "starting with 0", "060001", "Enter a valid 6-digit PIN code"],
    ["PIN code", "letters", "ABC123", "Enter a valid 6-digit PIN code"],
  ])("%s %s", async (label, _what, value, sentence) => {
    render(<IndianAddressForm />);
    const input = screen.getByLabelText(label);
    fireEvent.change(input, { target: { value } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    });
    await waitFor(() => expect(shownError(input)).toBe(sentence));
    expect(developerTextIn(sentence)).toBeUndefined();
  });
});
