import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { useModalDialog } from "../../components/useModalDialog";

export interface LightboxImage {
  src: string;
  alt: string;
}

/** Wraps at both ends (SPEC section 2). */
export function wrapIndex(i: number, length: number): number {
  return length === 0 ? 0 : ((i % length) + length) % length;
}

/**
 * A modal <dialog>: focus stays inside, Escape closes, the arrow keys (mirrored
 * in right-to-left) move between images and wrap at both ends.
 */
export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: LightboxImage[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ref = useModalDialog(true);
  const rtl = i18n.dir() === "rtl";
  const image = images[index];

  const prev = () => onIndex(wrapIndex(index - 1, images.length));
  const next = () => onIndex(wrapIndex(index + 1, images.length));

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      if (rtl) next();
      else prev();
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      if (rtl) prev();
      else next();
    } else if (e.key === "Home") {
      onIndex(0);
    } else if (e.key === "End") {
      onIndex(images.length - 1);
    }
  }

  if (!image) return null;
  return (
    <dialog
      ref={ref}
      className="lightbox"
      aria-label={t("car.gallery")}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      data-testid="lightbox"
    >
      <div className="lightbox-inner">
        <img src={image.src} alt={image.alt} />
        <p className="lightbox-counter" aria-live="polite" data-testid="lightbox-counter">
          {index + 1} / {images.length}
        </p>
        <button type="button" className="lightbox-btn lightbox-prev" onClick={prev} aria-label={t("car.previousImage")}>
          <Icon name="chevronStart" size={28} className="flip-rtl" />
        </button>
        <button type="button" className="lightbox-btn lightbox-next" onClick={next} aria-label={t("car.nextImage")}>
          <Icon name="chevronEnd" size={28} className="flip-rtl" />
        </button>
        <button type="button" className="lightbox-btn lightbox-close" onClick={onClose} aria-label={t("common.close")} autoFocus>
          <Icon name="x" size={24} />
        </button>
      </div>
    </dialog>
  );
}
