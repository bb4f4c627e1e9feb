export function Spinner({ label, size = "md" }: { label?: string; size?: "sm" | "md" | "lg" }) {
  return (
    <span className={`adm-spinner-wrap adm-spinner-wrap--${size}`} role="status">
      <span className="adm-spinner" aria-hidden="true" />
      {label ? <span className="adm-spinner__label">{label}</span> : <span className="adm-visually-hidden">…</span>}
    </span>
  );
}

export function PageLoading({ label }: { label: string }) {
  return (
    <div className="adm-page-loading">
      <Spinner label={label} size="lg" />
    </div>
  );
}
