import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";

/**
 * India's 28 states and 8 union territories, as the Government of India lists them (Know India,
 * States and UTs, after the 2020 merger of Dadra and Nagar Haveli and Daman and Diu).
 */
export const INDIA_STATES = [
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chhattisgarh",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;

export const INDIA_UNION_TERRITORIES = [
  "Andaman and Nicobar Islands",
  "Chandigarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Jammu and Kashmir",
  "Ladakh",
  "Lakshadweep",
  "Puducherry",
] as const;

const INDIA_REGIONS = new Set<string>([...INDIA_STATES, ...INDIA_UNION_TERRITORIES]);

export const isIndianStateOrTerritory = (value: string) => INDIA_REGIONS.has(value);

/** Spaces, dashes and a leading +91 or 0 are how people write Indian mobiles; the number is 10 digits from 6. */
export function normalizeIndianMobile(value: string): string {
  const digits = value.replace(/[\s-]/g, "");
  return digits.replace(/^(\+91|0091|0)(?=\d{10}$)/, "");
}

export const isIndianMobile = (value: string) => /^[6-9]\d{9}$/.test(normalizeIndianMobile(value));

/** An Indian PIN code is six digits and never starts with 0. */
export const isIndianPin = (value: string) => /^[1-9]\d{5}$/.test(value.trim());

/** Whether the country has postal codes at all (the UAE has none): the field is then optional. */
export const countryUsesPostalCodes = (countryCode: string) => countryCode === "IN" || postcodeValidatorExistsForCountry(countryCode);

/** The country's postal code rule, from postcode-validator for countries other than India. */
export function isValidPostalCode(value: string, countryCode: string): boolean {
  if (countryCode === "IN") return isIndianPin(value);
  if (!postcodeValidatorExistsForCountry(countryCode)) return true;
  return postcodeValidator(value.trim(), countryCode);
}

export const COUNTRY_NAMES: Record<string, string> = {
  IN: "India",
  AE: "United Arab Emirates",
  GB: "United Kingdom",
  US: "United States",
};
