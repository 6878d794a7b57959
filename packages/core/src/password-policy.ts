/**
 * The password rules, shared so the sign-up form can list the same reasons the server returns with
 * `weak_password` (000 §5, §8: "a weak password is reported with a list of reasons").
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// A short list of the passwords credential-stuffing lists try first; the full check would need a
// network lookup (haveibeenpwned), which the one-machine default cannot rely on.
const COMMON_PASSWORDS = new Set([
  "password", "password1", "password123", "passw0rd", "12345678", "123456789", "1234567890", "qwerty123",
  "qwertyuiop", "iloveyou", "11111111", "00000000", "abc12345", "letmein1", "welcome1", "admin123",
  "sunshine", "football", "baseball", "princess", "trustno1", "superman", "starwars", "whatever",
]);

export function passwordWeaknesses(password: string, email?: string | null): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) reasons.push(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  if (password.length >= PASSWORD_MIN_LENGTH && COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push("Password is too common");
  if (password.length >= PASSWORD_MIN_LENGTH && /^(.)\1*$/.test(password)) reasons.push("Password must not repeat a single character");
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) reasons.push("Password must not contain your email address");
  return reasons;
}
