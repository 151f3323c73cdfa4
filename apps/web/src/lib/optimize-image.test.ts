import { IMAGE_OPTIMIZATION } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { encodingAttempts, extensionFor, isImageFile, optimizedFileName, targetSize } from "./optimize-image";

describe("targetSize", () => {
  it("scales the longest side down to 1920 px, keeping the aspect ratio", () => {
    expect(targetSize({ width: 4000, height: 3000 })).toEqual({ width: 1920, height: 1440 });
    expect(targetSize({ width: 3000, height: 4000 })).toEqual({ width: 1440, height: 1920 });
    expect(targetSize({ width: 5000, height: 5000 })).toEqual({ width: 1920, height: 1920 });
  });

  it("rounds, and never goes below one pixel", () => {
    expect(targetSize({ width: 3841, height: 1000 })).toEqual({ width: 1920, height: 500 });
    expect(targetSize({ width: 100_000, height: 10 })).toEqual({ width: 1920, height: 1 });
  });

  it("never enlarges a smaller image", () => {
    expect(targetSize({ width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1080 });
    expect(targetSize({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
  });

  it("takes the limit from the contract by default, or a given one", () => {
    expect(IMAGE_OPTIMIZATION.maxSidePx).toBe(1920);
    expect(targetSize({ width: 1000, height: 500 }, 100)).toEqual({ width: 100, height: 50 });
  });
});

describe("optimizedFileName", () => {
  it("keeps the base name and switches the extension to the new type", () => {
    expect(optimizedFileName("Beach 2024.JPG", "image/webp")).toBe("Beach 2024.webp");
    expect(optimizedFileName("logo.final.png", "image/jpeg")).toBe("logo.final.jpg");
    expect(optimizedFileName("scan", "image/webp")).toBe("scan.webp");
  });

  it("names a nameless file image_{timestamp}.{ext}", () => {
    expect(optimizedFileName("", "image/webp", 1_700_000_000_000)).toBe("image_1700000000000.webp");
    expect(optimizedFileName("  ", "image/jpeg", 42)).toBe("image_42.jpg");
    expect(optimizedFileName(".png", "image/png", 7)).toBe("image_7.png");
  });
});

describe("extensionFor", () => {
  it("maps image types, with jpg for anything unknown", () => {
    expect(extensionFor("image/webp")).toBe("webp");
    expect(extensionFor("image/jpeg")).toBe("jpg");
    expect(extensionFor("image/png")).toBe("png");
    expect(extensionFor("application/octet-stream")).toBe("jpg");
  });
});

describe("isImageFile", () => {
  it("trusts an image type, refuses other types", () => {
    expect(isImageFile({ type: "image/png", name: "a.png" })).toBe(true);
    expect(isImageFile({ type: "application/pdf", name: "cv.pdf" })).toBe(false);
    expect(isImageFile({ type: "text/plain", name: "photo.jpg" })).toBe(false);
  });

  it("falls back to the extension when the browser gives no type", () => {
    expect(isImageFile({ type: "", name: "IMG_0001.HEIC" })).toBe(true);
    expect(isImageFile({ type: "", name: "notes.txt" })).toBe(false);
  });
});

describe("encodingAttempts", () => {
  it("starts at quality 0.9 and full size, then lowers quality, then size", () => {
    const attempts = encodingAttempts();
    expect(attempts[0]).toEqual({ quality: IMAGE_OPTIMIZATION.quality, scale: 1 });
    expect(attempts.map((a) => a.quality).slice(0, 4)).toEqual([0.9, 0.8, 0.7, 0.6]);
    expect(attempts.at(-1)?.scale).toBeLessThan(1);
    for (let i = 1; i < attempts.length; i++) {
      const [previous, current] = [attempts[i - 1]!, attempts[i]!];
      expect(current.quality * current.scale ** 2).toBeLessThan(previous.quality * previous.scale ** 2);
    }
  });
});
