import { type ComponentProps, type ReactNode, useId } from "react";
import { classNames } from "./class-names.ts";

/** What a labelled control needs from its field to be announced with its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control and read with it; a falsy value means the control is valid. */
  error?: ReactNode;
  /** The control's id; one is made up when not given. */
  id?: string;
  /** More ids the control is described by, such as a form-level error shown elsewhere. */
  describedBy?: string;
  /** Marks the control invalid when its error is shown elsewhere (a form-level message). */
  invalid?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

// The read-only look is for text fields only: a <select> always matches :read-only (it is not
// text-editable), which greyed every select as if it were disabled.
export const controlClass =
  "w-full rounded-xl border border-neutral-700 bg-neutral-900 px-4 py-3 text-base text-white placeholder:text-neutral-500 focus:border-rose-500 focus:outline-none aria-[invalid=true]:border-red-500 [&:is(input,textarea):read-only]:cursor-not-allowed [&:is(input,textarea):read-only]:text-neutral-400";

/**
 * A label, a control, a hint and an error, wired together: the label names the control, and the hint
 * and error describe it (aria-describedby) and mark it invalid (aria-invalid). For a control other than
 * a text input, render it from `children` with the props given.
 */
export function FieldFrame({ label, hint, error, id, describedBy, invalid, className, children }: FieldFrameProps) {
  const madeUpId = useId();
  const controlId = id ?? madeUpId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  const descriptions = [describedBy, hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={classNames("flex flex-col gap-1.5", className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-neutral-200">
        {label}
      </label>
      {children({ id: controlId, "aria-invalid": hasError || invalid ? true : undefined, "aria-describedby": descriptions || undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-neutral-400">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FrameOptions = Pick<FieldFrameProps, "label" | "hint" | "error" | "invalid">;

/**
 * A labelled text input. Takes every input prop, so react-hook-form's `{...register("email")}` (with
 * its ref) spreads straight in: `<Field label="Email" {...register("email")} error={errors.email?.message} />`.
 */
export function Field({ label, hint, error, invalid, id, className, "aria-describedby": describedBy, ...input }: FrameOptions & ComponentProps<"input">) {
  return (
    <FieldFrame label={label} hint={hint} error={error} invalid={invalid} id={id} describedBy={describedBy}>
      {(control) => <input {...input} {...control} className={classNames(controlClass, className)} />}
    </FieldFrame>
  );
}

/** A labelled multi-line text box, wired like Field. */
export function TextareaField({ label, hint, error, invalid, id, className, "aria-describedby": describedBy, ...textarea }: FrameOptions & ComponentProps<"textarea">) {
  return (
    <FieldFrame label={label} hint={hint} error={error} invalid={invalid} id={id} describedBy={describedBy}>
      {(control) => <textarea {...textarea} {...control} className={classNames(controlClass, className)} />}
    </FieldFrame>
  );
}
