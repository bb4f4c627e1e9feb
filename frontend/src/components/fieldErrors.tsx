import { cloneElement, type ReactElement, type ReactNode } from "react";

/**
 * A form's inline errors (the forms are noValidate: no browser bubble): a field's
 * error line (<p class="field-error">, read in the page's language by `text`) and
 * the attributes that tie it to its input. The wizard, the trip search and the
 * contact form each name their ids and test ids.
 */
export function fieldErrors<F extends string>(
  errors: Partial<Record<F, string>>,
  text: (code: string) => string,
  errorId: (field: F) => string,
  testId?: (field: F) => string,
) {
  const err = (f: F) => {
    const code = errors[f];
    return code ? (
      <p className="field-error" id={errorId(f)} data-testid={testId?.(f)}>
        {text(code)}
      </p>
    ) : null;
  };
  const described = (f: F) => (errors[f] ? { "aria-invalid": true as const, "aria-describedby": errorId(f) } : {});
  return { err, described };
}

/**
 * A form's labelled fields: `field(f, label, control)` is the label, the control
 * (given its id, its name and, with `errors`, the attributes that tie it to its
 * error) and the error line, in a `.field` (or `className`).
 */
export function labelledFields<F extends string>(controlId: (field: F) => string, errors?: ReturnType<typeof fieldErrors<F>>) {
  return (f: F, label: ReactNode, control: ReactElement<Record<string, unknown>>, className = "field") => (
    <div className={className}>
      <label htmlFor={controlId(f)}>{label}</label>
      {cloneElement(control, { id: controlId(f), name: f, ...errors?.described(f) })}
      {errors?.err(f)}
    </div>
  );
}
