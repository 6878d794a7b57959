import { passwordWeaknesses } from "@reelmart/core/password-policy";
import { useState } from "react";
import { toast } from "../../shared/ui/toast.ts";
import { Field } from "../../shared/ui/field.tsx";
import { changePassword } from "./api/change-password.ts";
import { FormErrorMessage, SubmitButton } from "./form-parts.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/** Current and new password; signing out the other devices is offered and on by default. */
export function ChangePasswordForm({ email }: { email: string }) {
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [revokeOtherSessions, setRevokeOtherSessions] = useState(true);
  const { errorId, error, busy, refuse, onSubmit } = useAuthForm();

  const submit = onSubmit(
    async () => {
      await changePassword({ currentPassword, newPassword, revokeOtherSessions });
      toast.success("Password changed", { description: revokeOtherSessions ? "Your other devices have been signed out." : undefined });
      setCurrentPassword("");
      setNewPassword("");
    },
    () => {
      if (!currentPassword) return refuse("Enter your current password"), false;
      const reasons = passwordWeaknesses(newPassword, email);
      return reasons.length ? (refuse("Password is too weak:", { reasons, field: "password" }), false) : true;
    },
    { describe: (described) => (described.message === "Invalid email or password" ? { message: "Your current password is not right", reasons: [] } : described) },
  );

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <Field label="Current password" type="password" value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} autoComplete="current-password" />
      <Field
        label="New password"
        type="password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        autoComplete="new-password"
        hint="At least 8 characters; avoid common passwords."
        invalid={error?.field === "password"}
        aria-describedby={error ? errorId : undefined}
      />
      <label className="flex items-center gap-2 text-sm text-neutral-300">
        <input type="checkbox" checked={revokeOtherSessions} onChange={(event) => setRevokeOtherSessions(event.target.checked)} className="size-4 accent-rose-500" />
        Sign out of my other devices
      </label>
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Change password</SubmitButton>
    </form>
  );
}
