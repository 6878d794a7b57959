// For tests (decision 213): what a person must never read in an error, wherever it is shown.

/** A validator's path ('[body.email]', 'q: '), a zod type name or code, zod's own English, a value that leaked. */
export const DEVELOPER_TEXT: readonly RegExp[] = [
  /\[(body|query|param)\./,
  /expected (string|number|object|array|boolean|int)/i,
  /Too (big|small):/,
  /invalid_/,
  /^[\w.]+: /,
  /undefined|null|NaN/,
  /Invalid input/,
  /must be a UUID/,
];

/** The developer text `message` holds, if any: the first pattern it matches. */
export const developerTextIn = (message: string): RegExp | undefined => DEVELOPER_TEXT.find((pattern) => pattern.test(message));
