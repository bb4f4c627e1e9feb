import { useTranslation } from "react-i18next";
import { responsiveImage, thumbnailUrl } from "../../lib/images";
import type { LightboxImage } from "./Lightbox";
import type { CarImage, FleetCar } from "./types";

/** The car's picture first, then its gallery without the picture again. */
export function useCarGallery(car: FleetCar | null, images: CarImage[]): LightboxImage[] {
  const { t } = useTranslation();
  if (!car) return [];
  return [
    { src: car.image, alt: t("car.imageAlt", { brand: car.brand, name: car.name }) },
    ...images
      .filter((img) => img.image_url !== car.image)
      .map((img, i) => ({ src: img.image_url, alt: img.alt_text || t("car.galleryAlt", { brand: car.brand, name: car.name, n: i + 2 }) })),
  ];
}

/** The main picture and its thumbnails; each opens the lightbox at its place. */
export function CarMedia({ gallery, available, onOpen }: { gallery: LightboxImage[]; available: boolean; onOpen: (index: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="detail-media">
      <button type="button" className="main-image" onClick={() => onOpen(0)} aria-label={t("car.openGallery")} data-testid="main-image">
        <img
          {...responsiveImage(gallery[0]!.src, "16:10", "(min-width: 1240px) 660px, (min-width: 900px) 55vw, 100vw")}
          alt={gallery[0]!.alt}
          width="800"
          height="500"
          fetchPriority="high"
        />
        {!available && <span className="badge badge-off badge-corner">{t("car.unavailable")}</span>}
      </button>
      {gallery.length > 1 && (
        <ul className="thumbs" aria-label={t("car.gallery")}>
          {gallery.map((img, i) => (
            <li key={img.src + i}>
              <button type="button" onClick={() => onOpen(i)} aria-label={t("car.openImage", { n: i + 1, total: gallery.length })}>
                <img src={thumbnailUrl(img.src, 320, 200)} alt="" width="160" height="100" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
