import { type FormEvent, useId, useState } from "react";
import { type FormError, describeAuthError } from "./auth-errors.ts";

interface SubmitOptions {
  /** Keep the button busy after success: the form is about to be replaced (signed in, navigated away). */
  stayBusy?: boolean;
  /** Words for a failure other than describeAuthError's (e.g. 'That code is not right'). */
  describe?: (error: FormError) => FormError;
}

/**
 * What every account form shares: the error shown under it (with an id for aria-describedby), the
 * busy state of its button, and one way to check and send it.
 */
export function useAuthForm() {
  const errorId = useId();
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);

  /** A check that failed before sending: shown under the form, nothing is sent. */
  const refuse = (message: string, details: Partial<Omit<FormError, "message">> = {}) => setError({ reasons: [], ...details, message });

  /**
   * The submit handler: `check` returns false after refusing; `send` runs with the button busy and
   * the previous error gone, and a failure is described under the form.
   */
  const onSubmit = (send: () => Promise<void>, check: () => boolean = () => true, options: SubmitOptions = {}) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (!check()) return;
      setBusy(true);
      setError(null);
      try {
        await send();
        if (!options.stayBusy) setBusy(false);
      } catch (caught) {
        const described = describeAuthError(caught);
        setError(options.describe ? options.describe(described) : described);
        setBusy(false);
      }
    };

  return { errorId, error, busy, refuse, onSubmit, clearError: () => setError(null) };
}
