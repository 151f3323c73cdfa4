import { useRef, useState } from "react";
import type { SelectionRefusal } from "./selection-checks";

export type UploadPhase = "idle" | "preparing" | "uploading";

type OnProgress = (fraction: number) => void;

export type UploadSteps<T> = {
  /** Why the picked files are refused before anything is done (too many, a wrong type); null to go on. */
  check?: (files: File[]) => SelectionRefusal | null;
  /** Readies the files in the browser (SPEC 9: images are optimized). */
  prepare: (files: File[]) => Promise<File[]>;
  /** Why the prepared files are refused (still too large); null to send them. */
  checkPrepared?: (files: File[]) => SelectionRefusal | null;
  /** Sends the prepared files, reporting the share sent. */
  send: (files: File[], onProgress: OnProgress) => Promise<T>;
  /** A new selection starts: clear the last failure. */
  onStart?: () => void;
  onUploaded: (answer: T) => void;
  /** A refusal (nothing was sent) or a failed upload. */
  onFailed: (error: unknown) => void;
};

/** Where an upload reports how far it is. */
export type UploadProgressSink = { phase: (phase: UploadPhase) => void; fraction: OnProgress };

/**
 * Runs one upload: an empty pick does nothing; a refused pick is reported without preparing; the
 * prepared files are checked again, then sent. The phase is back to idle however it ends.
 */
export async function runUpload<T>(steps: UploadSteps<T>, picked: File[], progress: UploadProgressSink) {
  if (picked.length === 0) return;
  steps.onStart?.();
  const refusal = steps.check?.(picked);
  if (refusal) {
    steps.onFailed(refusal);
    return;
  }
  progress.fraction(0);
  progress.phase("preparing");
  try {
    const prepared = await steps.prepare(picked);
    const late = steps.checkPrepared?.(prepared);
    if (late) {
      steps.onFailed(late);
      return;
    }
    progress.phase("uploading");
    steps.onUploaded(await steps.send(prepared, progress.fraction));
  } catch (caught) {
    steps.onFailed(caught);
  } finally {
    progress.phase("idle");
    progress.fraction(0);
  }
}

/**
 * One upload of picked files (photos, certificates, a logo): checked, prepared in the browser, then
 * sent with progress. `phase` and `percent` feed `UploadProgress`; `resetRef` goes to the
 * `FileButton`, so the same file can be picked again after an upload.
 */
export function useUpload<T>(steps: UploadSteps<T>) {
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const [fraction, setFraction] = useState(0);
  const resetRef = useRef<() => void>(null);
  return {
    phase,
    percent: Math.round(fraction * 100),
    isBusy: phase !== "idle",
    resetRef,
    /** Starts an upload of the picked files; an empty pick does nothing. */
    start: (picked: File[]) => {
      resetRef.current?.();
      void runUpload(steps, picked, { phase: setPhase, fraction: setFraction });
    },
  };
}
