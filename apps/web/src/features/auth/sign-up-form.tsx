import { displayName } from "@reelmart/core/display-name";
import { passwordWeaknesses } from "@reelmart/core/password-policy";
import { useState } from "react";
import { Field } from "../../shared/ui/field.tsx";
import { toast } from "../../shared/ui/toast.ts";
import { saveNames, signUpWithEmail } from "./auth-api.ts";
import { MISSING_CREDENTIALS } from "./auth-errors.ts";
import { CredentialFields, FORM_CLASS, FormErrorMessage, SubmitButton } from "./form-parts.tsx";
import { useAuthForm } from "./use-auth-form.ts";

export function SignUpForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const { errorId, error, busy, refuse, onSubmit } = useAuthForm();

  const submit = onSubmit(
    async () => {
      await signUpWithEmail({ email: email.trim(), password, name: displayName(firstName, lastName, email.trim()) });
      // The account exists by now: names that did not save are said, and the sign-in goes on.
      if (firstName.trim() || lastName.trim()) {
        await saveNames(firstName, lastName).catch((error: unknown) => {
          console.error("Saving the names after sign-up failed", error);
          toast.error("Profile update failed", { description: "Add your name from your profile." });
        });
      }
      await onSignedIn();
    },
    () => {
      if (!email.trim() || !password) return refuse(MISSING_CREDENTIALS), false;
      const reasons = passwordWeaknesses(password, email);
      return reasons.length ? (refuse("Password is too weak:", { reasons, field: "password" }), false) : true;
    },
    { stayBusy: true },
  );

  return (
    <form className={FORM_CLASS} onSubmit={submit} noValidate>
      <div className="grid grid-cols-2 gap-3">
        <Field label="First name (optional)" type="text" value={firstName} onChange={(event) => setFirstName(event.target.value)} autoComplete="given-name" />
        <Field label="Last name (optional)" type="text" value={lastName} onChange={(event) => setLastName(event.target.value)} autoComplete="family-name" />
      </div>
      <CredentialFields
        email={email}
        password={password}
        onEmail={setEmail}
        onPassword={setPassword}
        passwordAutoComplete="new-password"
        passwordHint="At least 8 characters; avoid common passwords."
        error={error}
        errorId={errorId}
      />
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Create account</SubmitButton>
    </form>
  );
}
