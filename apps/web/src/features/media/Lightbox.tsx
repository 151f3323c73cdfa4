import { ActionIcon, Group, Modal, Text, UnstyledButton } from "@mantine/core";
import { useElementSize, useMergedRef, useWindowEvent } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconX, IconZoomIn, IconZoomOut } from "@tabler/icons-react";
import {
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import classes from "./Lightbox.module.css";
import {
  commandForKey,
  commandForSwipe,
  type LightboxCommand,
  type LightboxState,
  openLightbox,
  reduceLightbox,
} from "./lightbox-state";

export type LightboxPhoto = { id: string; url: string; thumbUrl?: string; alt: string };

type Props = {
  photos: readonly LightboxPhoto[];
  /** The photo to open with; null keeps the lightbox closed. */
  openIndex: number | null;
  onClose: () => void;
  /** The dialog's name for screen readers; "Photo viewer" unless given. */
  label?: string;
};

type Size = { width: number; height: number };
/** Where in the photo (0 to 1 across and down) the zoom should centre. */
type FocalPoint = { x: number; y: number };

const ZOOM_FACTOR = 2;
const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * A photo at full size over the page (SPEC 2): arrow keys, the side buttons, the thumbnails and a
 * swipe on a touch screen move between photos; Space, the zoom button or a click on the photo
 * zoom in and out; Esc or the close button closes. Focus stays inside while it is open and returns
 * to where it was after.
 */
export function Lightbox({ photos, openIndex, onClose, label }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<LightboxState>(() => openLightbox(openIndex ?? 0));
  // A new `openIndex` (opening, or opening at another photo) starts from that photo, unzoomed.
  const [openedWith, setOpenedWith] = useState(openIndex);
  if (openIndex !== openedWith) {
    setOpenedWith(openIndex);
    if (openIndex !== null) setState(openLightbox(openIndex));
  }

  const count = photos.length;
  const index = Math.max(0, Math.min(state.index, count - 1));
  const photo = photos[index];
  const isOpen = openIndex !== null && photo !== undefined;
  const hasMany = count > 1;

  // Zoom: twice the size the photo is shown at, scrolled so the clicked spot stays in view.
  const { ref: sizeRef, width: stageWidth, height: stageHeight } = useElementSize<HTMLDivElement>();
  const stageRef = useRef<HTMLDivElement>(null);
  const mergedStageRef = useMergedRef(stageRef, sizeRef);
  const [natural, setNatural] = useState<(Size & { id: string }) | null>(null);
  const zoomFocus = useRef<FocalPoint>(CENTRE);
  const zoomed =
    state.isZoomed && natural && natural.id === photo?.id
      ? zoomedSize(natural, { width: stageWidth, height: stageHeight })
      : null;
  const zoomedWidth = zoomed?.width ?? 0;
  const zoomedHeight = zoomed?.height ?? 0;

  // Once zoomed (or resized while zoomed), the spot that was clicked is brought into view.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage || zoomedWidth === 0 || zoomedHeight === 0) return;
    stage.scrollLeft = zoomFocus.current.x * stage.scrollWidth - stage.clientWidth / 2;
    stage.scrollTop = zoomFocus.current.y * stage.scrollHeight - stage.clientHeight / 2;
  }, [zoomedWidth, zoomedHeight]);

  const run = (command: LightboxCommand, focalPoint: FocalPoint = CENTRE) => {
    if (command.type === "close") {
      onClose();
      return;
    }
    zoomFocus.current = focalPoint;
    setState((current) => reduceLightbox(current, command, count));
  };

  // On the window, so the keys work wherever the focus is while the lightbox is open (it may still
  // be on the thumbnail that opened it while the focus trap settles).
  useWindowEvent("keydown", (event) => {
    if (!isOpen || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const command = commandForKey(event.key);
    if (!command) return;
    // Space would also press the focused button, or scroll; the lightbox's meaning of the key wins.
    event.preventDefault();
    event.stopPropagation();
    run(command);
  });
  // Chromium presses a focused button on Space's keyup, which the keydown above cannot cancel.
  useWindowEvent("keyup", (event) => {
    if (isOpen && commandForKey(event.key)?.type === "toggleZoom") event.preventDefault();
  });

  // Focus goes back to what opened the lightbox: taken before the focus trap moves it (the trap
  // waits a tick), given back after the closing commit (React restores the focus it saw before a
  // commit, so a layout effect's focus would be undone). Mantine's own return races the fade-out.
  // A tap does not always focus what it pressed (touch screens), so the last pressed control stands in.
  const opener = useRef<HTMLElement | null>(null);
  const lastPressed = useRef<HTMLElement | null>(null);
  useWindowEvent("pointerdown", (event) => {
    if (!isOpen && event.target instanceof Element)
      lastPressed.current = event.target.closest<HTMLElement>("button, a, [tabindex]");
  });
  useLayoutEffect(() => {
    if (!isOpen) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : lastPressed.current;
  }, [isOpen]);
  // Given back twice: at once, and again when the fade-out ends, since the content unmounting then
  // can drop the focus to the page (seen in Chromium under load).
  const restoreFocus = useCallback(() => {
    const element = opener.current;
    if (element?.isConnected && document.activeElement !== element) element.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (!isOpen) return;
    return restoreFocus;
  }, [isOpen, restoreFocus]);

  // The neighbours load in the background, so turning the photo is instant.
  useEffect(() => {
    if (!isOpen || !hasMany) return;
    for (const step of [1, -1]) {
      const neighbour = photos[(index + step + count) % count];
      if (neighbour) new Image().src = neighbour.url;
    }
  }, [isOpen, hasMany, index, count, photos]);

  // Swipe on touch screens; a swipe is not also a click on the photo.
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const hasSwiped = useRef(false);
  const onPointerDown = (event: PointerEvent) => {
    hasSwiped.current = false;
    swipeStart.current =
      event.pointerType === "mouse" || state.isZoomed ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const command = commandForSwipe(event.clientX - start.x, event.clientY - start.y);
    if (command) {
      hasSwiped.current = true;
      run(command);
    }
  };
  const onImageClick = (event: MouseEvent<HTMLImageElement>) => {
    if (hasSwiped.current) {
      hasSwiped.current = false;
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    run(
      { type: "toggleZoom" },
      {
        x: box.width > 0 ? (event.clientX - box.left) / box.width : 0.5,
        y: box.height > 0 ? (event.clientY - box.top) / box.height : 0.5,
      },
    );
  };

  return (
    <Modal.Root
      opened={isOpen}
      onClose={onClose}
      fullScreen
      closeOnEscape={false}
      returnFocus={false}
      onExitTransitionEnd={() => {
        restoreFocus();
        opener.current = null;
      }}
      padding={0}
      zIndex={400}
      transitionProps={{ transition: "fade", duration: 150 }}
      // On the content only: a className on Modal.Content reaches its wrapper as well.
      classNames={{ content: classes.content }}
    >
      <Modal.Content aria-label={label ?? t("gallery.lightbox.label")}>
        {photo && (
          <>
            <Group className={classes.topBar} justify="space-between" wrap="nowrap" gap="sm">
              <Text className={classes.counter} aria-live="polite" aria-atomic>
                {t("gallery.lightbox.counter", { current: index + 1, total: count })}
              </Text>
              <Text className={classes.hint} visibleFrom="sm" aria-hidden>
                {hasMany ? t("gallery.lightbox.hint") : t("gallery.lightbox.hintSingle")}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <ActionIcon
                  className={classes.control}
                  variant="transparent"
                  size="xl"
                  radius="xl"
                  aria-label={state.isZoomed ? t("gallery.lightbox.zoomOut") : t("gallery.lightbox.zoomIn")}
                  aria-pressed={state.isZoomed}
                  aria-keyshortcuts="Space"
                  onClick={() => run({ type: "toggleZoom" })}
                >
                  {state.isZoomed ? <IconZoomOut size={22} /> : <IconZoomIn size={22} />}
                </ActionIcon>
                <ActionIcon
                  className={classes.control}
                  variant="transparent"
                  size="xl"
                  radius="xl"
                  aria-label={t("gallery.lightbox.close")}
                  aria-keyshortcuts="Escape"
                  onClick={onClose}
                >
                  <IconX size={22} />
                </ActionIcon>
              </Group>
            </Group>

            <div className={classes.stageWrap}>
              <div
                ref={mergedStageRef}
                className={classes.stage}
                data-zoomed={state.isZoomed || undefined}
                onPointerDown={onPointerDown}
                onPointerUp={onPointerUp}
                onPointerCancel={() => {
                  swipeStart.current = null;
                }}
              >
                {/* Focused on opening, so a screen reader starts with the photo and no button is under Space. */}
                {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click zooms; Space and the zoom button are the keyboard's way */}
                <img
                  src={photo.url}
                  alt={photo.alt}
                  className={classes.image}
                  draggable={false}
                  tabIndex={-1}
                  data-autofocus
                  onLoad={(event) =>
                    setNatural({
                      id: photo.id,
                      width: event.currentTarget.naturalWidth,
                      height: event.currentTarget.naturalHeight,
                    })
                  }
                  onClick={onImageClick}
                  style={zoomed ? { width: zoomed.width, height: zoomed.height } : undefined}
                />
              </div>
              {hasMany && (
                <>
                  <ActionIcon
                    className={`${classes.control} ${classes.previous}`}
                    variant="transparent"
                    size={48}
                    radius="xl"
                    aria-label={t("gallery.lightbox.previous")}
                    aria-keyshortcuts="ArrowLeft"
                    onClick={() => run({ type: "previous" })}
                  >
                    <IconChevronLeft size={28} />
                  </ActionIcon>
                  <ActionIcon
                    className={`${classes.control} ${classes.next}`}
                    variant="transparent"
                    size={48}
                    radius="xl"
                    aria-label={t("gallery.lightbox.next")}
                    aria-keyshortcuts="ArrowRight"
                    onClick={() => run({ type: "next" })}
                  >
                    <IconChevronRight size={28} />
                  </ActionIcon>
                </>
              )}
            </div>

            {hasMany && (
              <div className={classes.strip}>
                {photos.map((item, position) => (
                  <UnstyledButton
                    key={item.id}
                    className={classes.thumb}
                    aria-label={t("gallery.lightbox.show", { number: position + 1 })}
                    aria-current={position === index || undefined}
                    onClick={() => run({ type: "go", index: position })}
                  >
                    <img src={item.thumbUrl ?? item.url} alt="" loading="lazy" draggable={false} />
                  </UnstyledButton>
                ))}
              </div>
            )}
          </>
        )}
      </Modal.Content>
    </Modal.Root>
  );
}

/** The zoomed photo's size: twice the size at which it fits the stage. */
function zoomedSize(natural: Size, stage: Size): Size | null {
  if (natural.width <= 0 || natural.height <= 0 || stage.width <= 0 || stage.height <= 0) return null;
  const fit = Math.min(1, stage.width / natural.width, stage.height / natural.height);
  const scale = fit * ZOOM_FACTOR;
  return { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) };
}
