import { useId, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useModalDialog } from "../../../components/useModalDialog";
import { useAdminTranslation } from "../i18n";
import { IconClose } from "./icons";

interface DialogProps {
  open: boolean;
  /** The heading, which names the dialog (aria-labelledby). */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  /** Escape and the close button are ignored while true (e.g. saving). */
  busy?: boolean;
}

/**
 * A modal on the native <dialog> element (the site's useModalDialog: focus trapped
 * and restored, Escape closes it, the rest of the page inert). Rendered in a portal
 * on <body>, so a dialog opened from inside a form (the editor's link, image and
 * table dialogs) never nests one <form> in another.
 */
export function Dialog({ open, title, onClose, children, footer, size = "md", busy = false }: DialogProps) {
  const { t } = useAdminTranslation();
  const ref = useModalDialog(open);
  const titleId = useId();

  return createPortal(
    <dialog
      ref={ref}
      className={`adm-dialog adm-dialog--${size}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open && (
        <div className="adm-dialog__frame">
          <header className="adm-dialog__header">
            <h2 id={titleId} className="adm-dialog__title">
              {title}
            </h2>
            <button type="button" className="adm-icon-btn" onClick={onClose} disabled={busy} aria-label={t("common.close")}>
              <IconClose />
            </button>
          </header>
          <div className="adm-dialog__body">{children}</div>
          {footer && <footer className="adm-dialog__footer">{footer}</footer>}
        </div>
      )}
    </dialog>,
    document.body,
  );
}
