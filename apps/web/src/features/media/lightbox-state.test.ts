import { describe, expect, it } from "vitest";
import {
  commandForKey,
  commandForSwipe,
  type LightboxCommand,
  openLightbox,
  reduceLightbox,
  SWIPE_MIN_PX,
} from "./lightbox-state";

/** The state after pressing `keys` in order in a lightbox of `count` photos opened at `start`. */
function afterKeys(keys: string[], count: number, start = 0) {
  return keys.reduce((state, key) => {
    const command = commandForKey(key);
    return command ? reduceLightbox(state, command, count) : state;
  }, openLightbox(start));
}

describe("commandForKey", () => {
  it("maps SPEC 2's keys: arrows navigate, Space zooms, Esc closes", () => {
    expect(commandForKey("ArrowRight")).toEqual({ type: "next" });
    expect(commandForKey("ArrowLeft")).toEqual({ type: "previous" });
    expect(commandForKey(" ")).toEqual({ type: "toggleZoom" });
    expect(commandForKey("Escape")).toEqual({ type: "close" });
  });

  it("knows Home and End, and the old names some browsers send", () => {
    expect(commandForKey("Home")).toEqual({ type: "first" });
    expect(commandForKey("End")).toEqual({ type: "last" });
    expect(commandForKey("Spacebar")).toEqual({ type: "toggleZoom" });
    expect(commandForKey("Esc")).toEqual({ type: "close" });
  });

  it("leaves every other key to the browser, Tab and Enter included", () => {
    for (const key of ["Tab", "Enter", "a", "ArrowUp", "ArrowDown", "Shift"]) {
      expect(commandForKey(key), key).toBeNull();
    }
  });
});

describe("reduceLightbox", () => {
  it("moves forward and back one photo at a time", () => {
    expect(afterKeys(["ArrowRight", "ArrowRight"], 7).index).toBe(2);
    expect(afterKeys(["ArrowRight", "ArrowRight", "ArrowLeft"], 7).index).toBe(1);
  });

  it("wraps around at both ends", () => {
    expect(afterKeys(["ArrowRight"], 3, 2).index).toBe(0);
    expect(afterKeys(["ArrowLeft"], 3, 0).index).toBe(2);
  });

  it("jumps to the first and the last photo", () => {
    expect(afterKeys(["End"], 7, 2).index).toBe(6);
    expect(afterKeys(["Home"], 7, 5).index).toBe(0);
  });

  it("goes to a chosen photo, wrapping an index out of range", () => {
    expect(reduceLightbox(openLightbox(0), { type: "go", index: 4 }, 7).index).toBe(4);
    expect(reduceLightbox(openLightbox(0), { type: "go", index: 9 }, 7).index).toBe(2);
  });

  it("toggles the zoom with Space and keeps the photo", () => {
    const zoomed = afterKeys([" "], 7, 3);
    expect(zoomed).toEqual({ index: 3, isZoomed: true });
    expect(afterKeys([" ", " "], 7, 3)).toEqual({ index: 3, isZoomed: false });
  });

  it("shows the next photo unzoomed", () => {
    expect(afterKeys([" ", "ArrowRight"], 7, 3)).toEqual({ index: 4, isZoomed: false });
    expect(afterKeys([" ", "Home"], 7, 0)).toEqual({ index: 0, isZoomed: false });
  });

  it("stays put with one photo, and does nothing without photos", () => {
    const single = openLightbox(0);
    expect(reduceLightbox(single, { type: "next" }, 1)).toBe(single);
    expect(reduceLightbox(single, { type: "previous" }, 1)).toBe(single);
    const state = { index: 0, isZoomed: true };
    expect(reduceLightbox(state, { type: "next" }, 0)).toBe(state);
  });

  it("leaves closing to the component (the state is kept for the exit animation)", () => {
    const state = { index: 2, isZoomed: true };
    expect(reduceLightbox(state, { type: "close" }, 7)).toBe(state);
  });
});

describe("commandForSwipe", () => {
  it("turns to the next photo on a swipe to the left, the previous on one to the right", () => {
    expect(commandForSwipe(-120, 10)).toEqual<LightboxCommand>({ type: "next" });
    expect(commandForSwipe(120, -10)).toEqual<LightboxCommand>({ type: "previous" });
  });

  it("ignores short moves and mostly vertical ones", () => {
    expect(commandForSwipe(SWIPE_MIN_PX - 1, 0)).toBeNull();
    expect(commandForSwipe(-80, 120)).toBeNull();
    expect(commandForSwipe(0, 0)).toBeNull();
  });
});
