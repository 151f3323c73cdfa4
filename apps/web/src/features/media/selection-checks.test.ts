import { LIMITS } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { certificateKind, certificateRefusal, limitRefusal, oversizedFile } from "./selection-checks";

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 100_000) => ({ name, type, size });

describe("limitRefusal", () => {
  it("refuses a selection over what is left, with SPEC 5's counts", () => {
    expect(limitRefusal("PHOTO_LIMIT_EXCEEDED", 4, 8, 10)).toEqual({
      code: "PHOTO_LIMIT_EXCEEDED",
      selected: 4,
      current: 8,
      remaining: 2,
      limit: 10,
    });
  });

  it("accepts a selection that fills the gallery exactly", () => {
    expect(limitRefusal("PHOTO_LIMIT_EXCEEDED", 2, 8, 10)).toBeNull();
    expect(limitRefusal("PHOTO_LIMIT_EXCEEDED", 10, 0, 10)).toBeNull();
  });

  it("counts nothing left when the profile is already over the limit", () => {
    expect(limitRefusal("CERTIFICATE_LIMIT_EXCEEDED", 1, 12, 10)).toMatchObject({ remaining: 0 });
  });
});

describe("certificateKind", () => {
  it("accepts SPEC 5's types: JPG, PNG, GIF, WebP and PDF", () => {
    expect(certificateKind(file("a.jpg", "image/jpeg"))).toBe("image");
    expect(certificateKind(file("a.png", "image/png"))).toBe("image");
    expect(certificateKind(file("a.gif", "image/gif"))).toBe("image");
    expect(certificateKind(file("a.webp", "image/webp"))).toBe("image");
    expect(certificateKind(file("a.pdf", "application/pdf"))).toBe("pdf");
  });

  it("refuses other types, images included", () => {
    expect(certificateKind(file("a.heic", "image/heic"))).toBeNull();
    expect(certificateKind(file("a.docx", "application/msword"))).toBeNull();
    expect(certificateKind(file("a.svg", "image/svg+xml"))).toBeNull();
  });

  it("goes by the extension when the system gives no type", () => {
    expect(certificateKind(file("Diploma.PDF", ""))).toBe("pdf");
    expect(certificateKind(file("scan.JPEG", ""))).toBe("image");
    expect(certificateKind(file("notes.txt", ""))).toBeNull();
    expect(certificateKind(file("noextension", ""))).toBeNull();
  });
});

describe("certificateRefusal", () => {
  it("refuses too many files first, with the counts", () => {
    const files = [file("a.pdf", "application/pdf"), file("b.txt", "text/plain")];
    expect(certificateRefusal(files, 9, 10)).toEqual({
      code: "CERTIFICATE_LIMIT_EXCEEDED",
      selected: 2,
      current: 9,
      remaining: 1,
      limit: 10,
    });
  });

  it("names the first file of a type that is not allowed", () => {
    const files = [file("a.pdf", "application/pdf"), file("cv.docx", "application/msword")];
    expect(certificateRefusal(files, 0)).toEqual({ code: "FILE_TYPE_NOT_ALLOWED", fileName: "cv.docx" });
  });

  it("refuses a PDF over 10 MB, naming it; PDFs are sent unchanged", () => {
    const files = [file("big.pdf", "application/pdf", LIMITS.certificateBytes + 1)];
    expect(certificateRefusal(files, 0)).toEqual({
      code: "FILE_TOO_LARGE",
      fileName: "big.pdf",
      maxBytes: 10 * MB,
    });
  });

  it("leaves a large image to be reduced in the browser first", () => {
    expect(certificateRefusal([file("scan.jpg", "image/jpeg", 14 * MB)], 0)).toBeNull();
  });

  it("accepts a good selection", () => {
    const files = [file("a.pdf", "application/pdf", 10 * MB), file("b.png", "image/png")];
    expect(certificateRefusal(files, 8, 10)).toBeNull();
  });
});

describe("oversizedFile", () => {
  it("finds the first file over the limit", () => {
    const files = [file("ok.webp", "image/webp", MB), file("huge.webp", "image/webp", 11 * MB)];
    expect(oversizedFile(files)).toEqual({
      code: "FILE_TOO_LARGE",
      fileName: "huge.webp",
      maxBytes: 10 * MB,
    });
    expect(oversizedFile(files.slice(0, 1))).toBeNull();
  });
});
