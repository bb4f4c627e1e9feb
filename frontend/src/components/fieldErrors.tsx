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
