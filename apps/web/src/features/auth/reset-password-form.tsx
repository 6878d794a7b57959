import { passwordWeaknesses } from "@reelmart/core/password-policy";
import { useState } from "react";
import { toast } from "../../shared/ui/toast.ts";
import { Field } from "../../shared/ui/field.tsx";
import { resetPassword } from "./auth-api.ts";
import { FORM_CLASS, FormErrorMessage, SubmitButton } from "./form-parts.tsx";
import { useAuthForm } from "./use-auth-form.ts";

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const { errorId, error, busy, refuse, onSubmit } = useAuthForm();
  const submit = onSubmit(
    async () => {
      await resetPassword(token, password);
      toast.success("Password updated", { description: "Sign in with your new password." });
      onDone();
    },
    () => {
      const reasons = passwordWeaknesses(password);
      return reasons.length ? (refuse("Password is too weak:", { reasons, field: "password" }), false) : true;
    },
    { stayBusy: true },
  );
  return (
    <form className={FORM_CLASS} onSubmit={submit} noValidate>
      <Field label="New password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="new-password" invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Reset password</SubmitButton>
    </form>
  );
}
