import { useState } from "react";
import { Button } from "../../shared/ui/button.tsx";
import { signInWithEmail } from "./auth-api.ts";
import { MISSING_CREDENTIALS } from "./auth-errors.ts";
import { CredentialFields, FORM_CLASS, FormErrorMessage, SubmitButton } from "./form-parts.tsx";
import { useAuthForm } from "./use-auth-form.ts";

interface SignInFormProps {
  onSignedIn: () => Promise<void>;
  /** The password was right and the account has two-factor on: the code comes next. */
  onTwoFactor: () => void;
  onForgot: () => void;
}

export function SignInForm({ onSignedIn, onTwoFactor, onForgot }: SignInFormProps) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { errorId, error, busy, refuse, onSubmit } = useAuthForm();

  const submit = onSubmit(
    async () => {
      const result = await signInWithEmail(email.trim(), password);
      if ("twoFactorRedirect" in result && result.twoFactorRedirect) onTwoFactor();
      else await onSignedIn();
    },
    () => Boolean(email.trim() && password) || (refuse(MISSING_CREDENTIALS), false),
    { stayBusy: true },
  );

  return (
    <form className={FORM_CLASS} onSubmit={submit} noValidate>
      <CredentialFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} passwordAutoComplete="current-password" error={error} errorId={errorId} />
      <Button variant="link" onClick={onForgot} className="-mt-1 self-end text-sm">
        Forgot password?
      </Button>
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Sign in</SubmitButton>
    </form>
  );
}
