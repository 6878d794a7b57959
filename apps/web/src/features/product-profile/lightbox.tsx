import * as RadixDialog from "@radix-ui/react-dialog";
import type { Media } from "@reelmart/core/api/catalog";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { type PointerEvent, useRef, useState } from "react";
import { DOUBLE_TAP_ZOOM, LIGHTBOX_MIN_ZOOM, type Tap, clampZoom, isDoubleTap, swipeDirection, wrapIndex } from "./lightbox-gestures.ts";
import { Button } from "../../shared/ui/button.tsx";

interface LightboxProps {
  images: Media[];
  startIndex: number;
  productTitle: string;
  onClose: () => void;
}

interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Full-screen image viewer (001 §4 "Lightbox"): close, previous, next and dots; the index wraps;
 * pinch and double-tap zoom from 1 to 4, reset on navigation; a swipe counts past 50 px in under
 * 300 ms and only at zoom 1. When zoomed, one finger pans instead.
 */
export function Lightbox({ images, startIndex, productTitle, onClose }: LightboxProps) {
  const [index, setIndex] = useState(wrapIndex(startIndex, images.length));
  const [zoom, setZoom] = useState(LIGHTBOX_MIN_ZOOM);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ start: Point; at: number; pan: Point; pinchFrom?: { distance: number; zoom: number } } | null>(null);
  const lastTap = useRef<Tap | null>(null);

  const go = (next: number) => {
    setIndex(wrapIndex(next, images.length));
    setZoom(LIGHTBOX_MIN_ZOOM);
    setPan({ x: 0, y: 0 });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Capturing a press on the arrows would retarget its click to the stage.
    if ((event.target as HTMLElement).closest("button")) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const active = [...pointers.current.values()];
    if (active.length === 2 && active[0] && active[1]) {
      gesture.current = { start: active[0], at: event.timeStamp, pan, pinchFrom: { distance: distance(active[0], active[1]), zoom } };
    } else if (active.length === 1) {
      gesture.current = { start: { x: event.clientX, y: event.clientY }, at: event.timeStamp, pan };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (!current) return;
    const active = [...pointers.current.values()];
    if (current.pinchFrom && active.length === 2 && active[0] && active[1]) {
      setZoom(clampZoom((current.pinchFrom.zoom * distance(active[0], active[1])) / current.pinchFrom.distance));
    } else if (!current.pinchFrom && zoom > LIGHTBOX_MIN_ZOOM) {
      setPan({ x: current.pan.x + event.clientX - current.start.x, y: current.pan.y + event.clientY - current.start.y });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (!current) return;
    if (current.pinchFrom) {
      // A pinch ends when both fingers lift; zooming back to 1 recentres the image.
      if (pointers.current.size === 0) gesture.current = null;
      if (zoom <= LIGHTBOX_MIN_ZOOM) setPan({ x: 0, y: 0 });
      return;
    }
    gesture.current = null;
    const dx = event.clientX - current.start.x;
    const direction = swipeDirection(dx, event.timeStamp - current.at, zoom);
    if (direction) {
      lastTap.current = null;
      go(index + direction);
      return;
    }
    if (Math.abs(dx) < 10 && Math.abs(event.clientY - current.start.y) < 10) {
      const tap = { x: event.clientX, y: event.clientY, at: event.timeStamp };
      if (isDoubleTap(lastTap.current, tap)) {
        lastTap.current = null;
        const next = zoom > LIGHTBOX_MIN_ZOOM ? LIGHTBOX_MIN_ZOOM : DOUBLE_TAP_ZOOM;
        setZoom(next);
        if (next === LIGHTBOX_MIN_ZOOM) setPan({ x: 0, y: 0 });
      } else {
        lastTap.current = tap;
      }
    }
  };

  const image = images[index];
  const control =
    "rounded-full bg-white/10 p-2 text-white backdrop-blur hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white";

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") go(index + 1);
            if (event.key === "ArrowLeft") go(index - 1);
          }}
          className="fixed inset-0 z-50 flex flex-col bg-black focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">
            {productTitle}: image {index + 1} of {images.length}
          </RadixDialog.Title>
          <div className="flex items-center justify-between p-3">
            <span className="text-sm text-neutral-300" aria-hidden="true">
              {index + 1} / {images.length}
            </span>
            <RadixDialog.Close aria-label="Close" className={control}>
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div
            className="relative flex flex-1 touch-none items-center justify-center overflow-hidden select-none"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            data-testid="lightbox-stage"
            data-zoom={zoom}
          >
            {image ? (
              <img
                src={image.url}
                alt={`${productTitle}, image ${index + 1}`}
                draggable={false}
                className="max-h-full max-w-full object-contain transition-transform duration-75"
                style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}
              />
            ) : null}
            {images.length > 1 ? (
              <>
                <Button variant="bare" aria-label="Previous image" onClick={() => go(index - 1)} className={`absolute left-2 ${control}`}>
                  <ChevronLeft aria-hidden="true" className="size-6" />
                </Button>
                <Button variant="bare" aria-label="Next image" onClick={() => go(index + 1)} className={`absolute right-2 ${control}`}>
                  <ChevronRight aria-hidden="true" className="size-6" />
                </Button>
              </>
            ) : null}
          </div>
          <div className="flex flex-col items-center gap-2 p-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
            {images.length > 1 ? (
              <div className="flex flex-wrap justify-center gap-1" role="group" aria-label="Choose image">
                {images.map((item, dot) => (
                  <Button
                    variant="bare"
                    key={item.id}
                    aria-label={`Go to image ${dot + 1}`}
                    aria-current={dot === index ? "true" : undefined}
                    onClick={() => go(dot)}
                    className="flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <span className={`block size-2 rounded-full ${dot === index ? "bg-white" : "bg-white/40"}`} />
                  </Button>
                ))}
              </div>
            ) : null}
            <p className="text-xs text-neutral-400">Swipe to navigate • Pinch to zoom</p>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
