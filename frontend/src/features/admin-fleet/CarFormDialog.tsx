import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { adminKeys, Check, type ContentLanguage, Field, invalidateAfter, LanguageTabs, notify, plainOptions, RecordDialog, reportFailure, Select, UploadProgressBar, useAdminMutation, useAdminQuery, useAdminTranslation, useResetOnTarget, useUploads, useValidation, validateImageFile } from "../admin-kit";
import { createCar, listCarImages, updateCar } from "./api";
import {
  CAR_BRANDS,
  CAR_CATEGORIES,
  CAR_FUELS,
  CAR_SEATS,
  CAR_TRANSMISSIONS,
  EMPTY_CAR_FORM,
  carToForm,
  toCarRow,
  validateCarForm,
  type CarFormValues,
  type GalleryItem,
  carTranslationState,
} from "./carForm";
import { GalleryEditor, newGalleryItem } from "./GalleryEditor";
import { MainImageField } from "./MainImageField";
import type { AdminCar } from "./types";

interface Props {
  /** null: closed; "new": add; a car: edit. */
  target: AdminCar | "new" | null;
  onClose: () => void;
}

/** A car to add or edit, with its gallery; it closes once saved (the screens showing cars read them again). */
export function CarFormDialog({ target, onClose }: Props) {
  const { t } = useAdminTranslation();
  const editing = target !== null && target !== "new" ? target : null;
  const [values, setValues] = useState<CarFormValues>(EMPTY_CAR_FORM);
  const [gallery, setGallery] = useState<GalleryItem[]>([]);
  const [tab, setTab] = useState<ContentLanguage>("fr");
  const validation = useValidation(values, validateCarForm);
  const errors = validation.errors;
  const { progress, upload, uploading } = useUploads("car-images");

  useResetOnTarget(target, (next) => {
    validation.clear();
    setGallery([]);
    setTab("fr");
    setValues(next === "new" ? EMPTY_CAR_FORM : carToForm(next));
  });

  // An edited car's gallery comes from car_images, then is the form's to change
  // (put in the form once per opened car and answer).
  const images = useAdminQuery({ queryKey: adminKeys.carImages(editing?.id ?? 0), queryFn: () => listCarImages(editing?.id ?? 0), enabled: editing !== null });
  const [galleryFrom, setGalleryFrom] = useState<{ target: Props["target"]; rows: unknown }>({ target: null, rows: null });
  if (editing && images.data && (galleryFrom.target !== target || galleryFrom.rows !== images.data)) {
    setGalleryFrom({ target, rows: images.data });
    setGallery(images.data.map((i) => newGalleryItem(i.image_url, i.alt_text ?? "")));
  }

  const set = <K extends keyof CarFormValues>(key: K, value: CarFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function uploadFiles(files: File[]): Promise<string[]> {
    const ok = files.filter((file) => {
      const err = validateImageFile(file);
      if (err) notify.error(`${file.name} : ${err}`);
      return !err;
    });
    if (!ok.length) return [];
    const res = await upload(ok);
    if (res.failed) notify.error(t("cars.messages.uploadError"));
    if (res.urls.length) notify.success(t("cars.messages.uploaded"));
    return res.urls;
  }

  // The car row, then its gallery.
  const client = useQueryClient();
  const saving = useAdminMutation({
    mutationFn: ({ row, images }: { row: ReturnType<typeof toCarRow>; images: GalleryItem[] }) => (editing ? updateCar(editing.id, row, images) : createCar(row, images)),
    onSuccess: (res) => {
      if (res.imagesSaved) notify.success(editing ? t("cars.messages.edited") : t("cars.messages.added"));
      else notify.error(editing ? t("cars.messages.editImagesError") : t("cars.messages.addImagesError"));
      void invalidateAfter(client, "cars");
      onClose();
    },
    onError: reportFailure("car save failed", editing ? t("cars.messages.editError") : t("cars.messages.addError")),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!validation.check()) return;
    saving.mutate({ row: toCarRow(values), images: gallery });
  }

  const texts = { create: { title: t("cars.formAddTitle"), submit: t("cars.submitAdd") }, edit: { title: t("cars.formEditTitle"), submit: t("cars.submitEdit") }, saving: t("cars.saving") };
  return (
    <RecordDialog target={target} formId="adm-car-form" texts={texts} saving={saving.isPending} blocked={uploading} onClose={onClose} onSubmit={submit}>
      <div className="adm-grid adm-grid--3">
        <Field label={t("cars.fields.name")} error={errors.name} required>
          <input className="adm-input" name="name" value={values.name} onChange={(e) => set("name", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.brand")} error={errors.brand} required>
          <input className="adm-input" name="brand" list="adm-car-brands" value={values.brand} onChange={(e) => set("brand", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.category")} error={errors.category} required>
          <Select name="category" value={values.category} onChange={(v) => set("category", v)} options={plainOptions(CAR_CATEGORIES)} />
        </Field>
      </div>
      <datalist id="adm-car-brands">
        {CAR_BRANDS.map((b) => (
          <option key={b} value={b} />
        ))}
      </datalist>

      <div className="adm-grid adm-grid--3">
        <Field label={t("cars.fields.price")} error={errors.price} required>
          <input className="adm-input" name="price" type="number" inputMode="numeric" min={1} step={1} value={values.price} onChange={(e) => set("price", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.rating")} error={errors.rating} required>
          <input className="adm-input" name="rating" type="number" min={1} max={5} step={0.1} value={values.rating} onChange={(e) => set("rating", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.reviewCount")} error={errors.review_count}>
          <input className="adm-input" name="review_count" type="number" min={0} step={1} value={values.review_count} onChange={(e) => set("review_count", e.target.value)} />
        </Field>
      </div>
      <Field label={t("cars.fields.ratingSource")} error={errors.rating_source} hint={t("cars.fields.ratingSourceHint")}>
        <input className="adm-input" name="rating_source" maxLength={40} value={values.rating_source} onChange={(e) => set("rating_source", e.target.value)} />
      </Field>

      <div className="adm-grid adm-grid--3">
        <Field label={t("cars.fields.seats")} error={errors.seats} required>
          <Select name="seats" value={values.seats} onChange={(v) => set("seats", v)} options={plainOptions(CAR_SEATS)} />
        </Field>
        <Field label={t("cars.fields.transmission")} required>
          <Select
            name="transmission"
            value={values.transmission}
            onChange={(v) => set("transmission", v)}
            options={CAR_TRANSMISSIONS.map((x) => [x, t(`cars.transmissions.${x}`)] as const)}
          />
        </Field>
        <Field label={t("cars.fields.fuel")} required>
          <Select name="fuel" value={values.fuel} onChange={(v) => set("fuel", v)} options={CAR_FUELS.map((x) => [x, t(`cars.fuels.${x}`)] as const)} />
        </Field>
      </div>

      <div className="adm-grid adm-grid--2">
        <Field label={t("cars.fields.slug")} hint={t("cars.fields.slugHint", { slug: values.slug.trim() || "{slug}" })}>
          <input className="adm-input" name="slug" value={values.slug} onChange={(e) => set("slug", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.notAvailableUntil")} error={errors.not_available_until} hint={t("cars.fields.notAvailableUntilHint")}>
          <input className="adm-input" name="not_available_until" type="date" value={values.not_available_until} onChange={(e) => set("not_available_until", e.target.value)} />
        </Field>
      </div>

      <Check switch name="available" label={t("cars.fields.available")} checked={values.available} onChange={(on) => set("available", on)} />

      {/* The description in fr, en and ar; a missing one shows the French on the site. */}
      <LanguageTabs
        active={tab}
        onChange={setTab}
        states={{ en: carTranslationState(values, "en"), ar: carTranslationState(values, "ar") }}
        testId="car-language-tabs"
      >
        {(lang) => {
          const key = lang === "fr" ? "description" : lang === "en" ? "description_en" : "description_ar";
          return (
            <Field label={lang === "fr" ? t("cars.fields.description") : `${t("cars.fields.description")} (${t(`contentLanguages.names.${lang}`)})`}>
              <textarea
                className="adm-input"
                name={key}
                lang={lang}
                dir={lang === "ar" ? "rtl" : "ltr"}
                rows={4}
                value={values[key]}
                onChange={(e) => set(key, e.target.value)}
              />
            </Field>
          );
        }}
      </LanguageTabs>

      <fieldset className="adm-fieldset">
        <legend>{t("cars.fields.extras")}</legend>
        <div className="adm-checks">
          {(
            [
              ["gps_included", t("cars.fields.gps")],
              ["baby_seat_included", t("cars.fields.babySeat")],
              ["second_driver_included", t("cars.fields.secondDriver")],
              ["roadside_assistance_included", t("cars.fields.roadside")],
            ] as const
          ).map(([key, label]) => (
            <Check key={key} name={key} label={label} checked={values[key]} onChange={(on) => set(key, on)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="adm-fieldset">
        <legend>{t("cars.fields.image")}</legend>
        <MainImageField
          value={values.image}
          error={errors.image}
          uploading={uploading}
          onChange={(url) => set("image", url)}
          onUpload={async (files) => {
            const [url] = await uploadFiles(files.slice(0, 1));
            if (url) set("image", url);
          }}
        />
      </fieldset>

      <GalleryEditor
        items={gallery}
        uploading={uploading}
        onChange={setGallery}
        onUseAsMain={(url) => set("image", url)}
        onUpload={async (files) => {
          const urls = await uploadFiles(files);
          if (!urls.length) return;
          setGallery((g) => [...g, ...urls.map((u) => newGalleryItem(u))]);
          // A new car's first uploaded picture also becomes its main image.
          setValues((v) => (v.image.trim() ? v : { ...v, image: urls[0] ?? "" }));
        }}
      />
      <UploadProgressBar progress={progress} />
    </RecordDialog>
  );
}
