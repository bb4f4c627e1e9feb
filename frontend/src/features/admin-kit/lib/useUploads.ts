import { useCallback, useState } from "react";
import { uploadImage, type ImageBucket } from "./storageApi";

export interface UploadProgress {
  /** Files finished (uploaded or failed) out of total. */
  done: number;
  total: number;
  /** 0..1 by bytes of finished files. */
  ratio: number;
  current: string | null;
}

export interface UploadOutcome {
  urls: string[];
  failed: number;
}

/**
 * Uploads files one by one to a bucket and reports progress. supabase-js
 * uploads with fetch, which reports no byte progress, so progress advances per
 * finished file (by bytes) while the bar animates for the file in flight.
 */
export function useUploads(bucket: ImageBucket) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const upload = useCallback(
    async (files: readonly File[]): Promise<UploadOutcome> => {
      const totalBytes = files.reduce((s, f) => s + f.size, 0) || 1;
      let doneBytes = 0;
      const urls: string[] = [];
      let failed = 0;
      for (const [i, file] of files.entries()) {
        setProgress({ done: i, total: files.length, ratio: doneBytes / totalBytes, current: file.name });
        try {
          urls.push(await uploadImage(bucket, file));
        } catch (e) {
          console.error("upload failed", file.name, e);
          failed++;
        }
        doneBytes += file.size;
      }
      setProgress({ done: files.length, total: files.length, ratio: 1, current: null });
      setTimeout(() => setProgress(null), 800);
      return { urls, failed };
    },
    [bucket],
  );

  return { progress, upload, uploading: progress !== null && progress.current !== null };
}
