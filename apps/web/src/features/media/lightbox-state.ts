/** Which photo the lightbox shows and whether it is zoomed. */
export type LightboxState = { index: number; isZoomed: boolean };

/** What a key, a button or a swipe asks the lightbox to do. */
export type LightboxCommand =
  | { type: "next" }
  | { type: "previous" }
  | { type: "first" }
  | { type: "last" }
  | { type: "go"; index: number }
  | { type: "toggleZoom" }
  | { type: "close" };

export const openLightbox = (index: number): LightboxState => ({ index, isZoomed: false });

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/**
 * The state after `command` for a lightbox of `count` photos. Navigation wraps around (after the
 * last photo comes the first) and always shows the new photo unzoomed; "close" is the caller's.
 */
export function reduceLightbox(state: LightboxState, command: LightboxCommand, count: number): LightboxState {
  if (count <= 0) return state;
  const show = (index: number): LightboxState => {
    const next = wrap(index, count);
    return next === state.index && !state.isZoomed ? state : { index: next, isZoomed: false };
  };
  switch (command.type) {
    case "next":
      return show(state.index + 1);
    case "previous":
      return show(state.index - 1);
    case "first":
      return show(0);
    case "last":
      return show(count - 1);
    case "go":
      return show(command.index);
    case "toggleZoom":
      return { ...state, isZoomed: !state.isZoomed };
    case "close":
      return state;
  }
}

/**
 * SPEC 2: arrow keys navigate, Space toggles the zoom, Esc closes; Home and End jump to the ends.
 * Null for any other key, which the browser keeps (Tab moves focus inside the dialog).
 */
export function commandForKey(key: string): LightboxCommand | null {
  switch (key) {
    case "ArrowRight":
      return { type: "next" };
    case "ArrowLeft":
      return { type: "previous" };
    case "Home":
      return { type: "first" };
    case "End":
      return { type: "last" };
    case " ":
    case "Spacebar":
      return { type: "toggleZoom" };
    case "Escape":
    case "Esc":
      return { type: "close" };
    default:
      return null;
  }
}

/** A swipe at least this long, and more sideways than up or down, turns the photo. */
export const SWIPE_MIN_PX = 50;

/** The command of a finished touch gesture: swiping left shows the next photo, right the previous. */
export function commandForSwipe(dx: number, dy: number): LightboxCommand | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? { type: "next" } : { type: "previous" };
}
