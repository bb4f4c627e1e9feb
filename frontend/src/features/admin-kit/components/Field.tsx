import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  counter?: ReactNode;
  required?: boolean;
  className?: string;
  /** One form control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled control with its hint, counter and error, wired for screen readers. */
export function Field({ label, error, hint, counter, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })
    : children;
  return (
    <div className={`adm-field${error ? " adm-field--error" : ""}${className ? ` ${className}` : ""}`}>
      <div className="adm-field__top">
        <label htmlFor={id} id={`${id}-label`} className="adm-field__label">
          {label}
          {required && <span className="adm-field__req" aria-hidden="true"> *</span>}
        </label>
        {counter && <span className="adm-field__counter">{counter}</span>}
      </div>
      {control}
      {hint && (
        <p id={hintId} className="adm-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="adm-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
