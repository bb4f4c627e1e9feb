import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { adminKeys, type ContentLanguage, invalidateAfter, notify, RecordDialog, reportFailure, UploadProgressBar, useAdminMutation, useAdminQuery, useAdminTranslation, useResetOnTarget, useUploads, useValidation, validateImageFile } from "../admin-kit";
import { createCar, listCarImages, updateCar } from "./api";
import { EMPTY_CAR_FORM, carToForm, toCarRow, validateCarForm, type CarFormValues, type GalleryItem } from "./carForm";
import { CarDescriptionTabs, CarExtrasFields, CarIdentityFields, CarServiceFields } from "./CarFormFields";
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
  const { progress, uploading, uploadFiles } = useImageUploads();

  useResetOnTarget(target, (next) => {
    validation.clear();
    setGallery([]);
    setTab("fr");
    setValues(next === "new" ? EMPTY_CAR_FORM : carToForm(next));
  });
  useServerGallery(target, editing, setGallery);

  const set = <K extends keyof CarFormValues>(key: K, value: CarFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const saving = useSaveCar(editing, onClose);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!validation.check()) return;
    saving.mutate({ row: toCarRow(values), images: gallery });
  }

  async function addToGallery(files: File[]) {
    const urls = await uploadFiles(files);
    if (!urls.length) return;
    setGallery((g) => [...g, ...urls.map((u) => newGalleryItem(u))]);
    // A new car's first uploaded picture also becomes its main image.
    setValues((v) => (v.image.trim() ? v : { ...v, image: urls[0] ?? "" }));
  }

  const texts = { create: { title: t("cars.formAddTitle"), submit: t("cars.submitAdd") }, edit: { title: t("cars.formEditTitle"), submit: t("cars.submitEdit") }, saving: t("cars.saving") };
  return (
    <RecordDialog target={target} formId="adm-car-form" texts={texts} saving={saving.isPending} blocked={uploading} onClose={onClose} onSubmit={submit}>
      <CarIdentityFields values={values} errors={errors} set={set} />
      <CarServiceFields values={values} errors={errors} set={set} />
      <CarDescriptionTabs values={values} set={set} tab={tab} onTab={setTab} />
      <CarExtrasFields values={values} set={set} />
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
      <GalleryEditor items={gallery} uploading={uploading} onChange={setGallery} onUseAsMain={(url) => set("image", url)} onUpload={addToGallery} />
      <UploadProgressBar progress={progress} />
    </RecordDialog>
  );
}

/**
 * An edited car's gallery comes from car_images, then is the form's to change
 * (put in the form once per opened car and answer).
 */
function useServerGallery(target: Props["target"], editing: AdminCar | null, setGallery: (items: GalleryItem[]) => void) {
  const images = useAdminQuery({ queryKey: adminKeys.carImages(editing?.id ?? 0), queryFn: () => listCarImages(editing?.id ?? 0), enabled: editing !== null });
  const [galleryFrom, setGalleryFrom] = useState<{ target: Props["target"]; rows: unknown }>({ target: null, rows: null });
  if (editing && images.data && (galleryFrom.target !== target || galleryFrom.rows !== images.data)) {
    setGalleryFrom({ target, rows: images.data });
    setGallery(images.data.map((i) => newGalleryItem(i.image_url, i.alt_text ?? "")));
  }
}

/** Uploads the pictures that pass the checks to car-images and says how it went; the stored URLs. */
function useImageUploads() {
  const { t } = useAdminTranslation();
  const { progress, upload, uploading } = useUploads("car-images");
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
  return { progress, uploading, uploadFiles };
}

/** Saves the car row, then its gallery. */
function useSaveCar(editing: AdminCar | null, onClose: () => void) {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: ({ row, images }: { row: ReturnType<typeof toCarRow>; images: GalleryItem[] }) => (editing ? updateCar(editing.id, row, images) : createCar(row, images)),
    onSuccess: (res) => {
      if (res.imagesSaved) notify.success(editing ? t("cars.messages.edited") : t("cars.messages.added"));
      else notify.error(editing ? t("cars.messages.editImagesError") : t("cars.messages.addImagesError"));
      void invalidateAfter(client, "cars");
      onClose();
    },
    onError: reportFailure("car save failed", editing ? t("cars.messages.editError") : t("cars.messages.addError")),
  });
}
