import { supabase } from "../../../lib/supabase";
import { ApiError } from "./errors";

export type ImageBucket = "car-images" | "blog-images";

function extension(file: File): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  const fromType = file.type.split("/")[1]?.replace("svg+xml", "svg").replace("jpeg", "jpg");
  return fromType || "img";
}

function randomName(file: File): string {
  const id =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${id}.${extension(file)}`;
}

/**
 * SPEC section 7: upload under a random file name, then read the public URL.
 * The storage policies decide who may upload (administrators only).
 */
export async function uploadImage(bucket: ImageBucket, file: File): Promise<string> {
  const name = randomName(file);
  const { error } = await supabase.storage.from(bucket).upload(name, file, {
    contentType: file.type || undefined,
    cacheControl: "31536000",
    upsert: false,
  });
  if (error) throw new ApiError(error.message);
  return supabase.storage.from(bucket).getPublicUrl(name).data.publicUrl;
}
