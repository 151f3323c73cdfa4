import { useCallback, useState } from "react";

export type UploadPhase = "idle" | "preparing" | "uploading";

/** The phase and share done of an image upload: preparing (optimizing in the browser), then sending. */
export function useUploadProgress() {
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const [fraction, setFraction] = useState(0);
  const start = useCallback(() => {
    setFraction(0);
    setPhase("preparing");
  }, []);
  const sending = useCallback(() => setPhase("uploading"), []);
  const finish = useCallback(() => {
    setPhase("idle");
    setFraction(0);
  }, []);
  return { phase, percent: Math.round(fraction * 100), start, sending, onProgress: setFraction, finish };
}
