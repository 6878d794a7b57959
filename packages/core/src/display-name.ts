/**
 * The display name rule (spec 000 §2): first + last name, else the part of the email before '@',
 * else 'User'. Shared so the server's /api/me and the web app name a user the same way.
 */
export function displayName(firstName: string | null | undefined, lastName: string | null | undefined, email: string | null | undefined): string {
  const full = [firstName?.trim(), lastName?.trim()].filter(Boolean).join(" ");
  if (full) return full;
  const local = email?.split("@")[0]?.trim();
  return local || "User";
}
