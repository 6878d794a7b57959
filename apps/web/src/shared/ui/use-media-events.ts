import { type RefObject, type SyntheticEvent, startTransition, useLayoutEffect, useRef } from "react";

// A media element created in a transition's render phase exists (with its src, loading) before its
// component is mounted: React commits it later, in another task. An `error` or `load` the element
// fires in between reaches React while its fiber is not mounted, and React drops it (session 8's
// transitions: the feed's 404 never showed "Video unavailable"). So on mount each element's state
// is read, and the events that state says already fired are delivered then. A one-shot event
// (load, error, loadedmetadata, loadeddata) arriving afterwards for the same source is not
// delivered twice: a cached picture is `complete` at once and its queued `load` still follows when
// the render was not time-sliced. canplay and playing recur (after a stall, a pause), so their
// handlers are delivered as they come and must bear a repeat.

export type MediaEventName = "load" | "error" | "loadedmetadata" | "loadeddata" | "canplay" | "playing";
type MediaElement = HTMLImageElement | HTMLVideoElement;

export type MediaEventHandlers<E extends MediaElement> = Partial<Record<MediaEventName, (element: E) => void>>;

const PROP: Record<MediaEventName, "onLoad" | "onError" | "onLoadedMetadata" | "onLoadedData" | "onCanPlay" | "onPlaying"> = {
  load: "onLoad",
  error: "onError",
  loadedmetadata: "onLoadedMetadata",
  loadeddata: "onLoadedData",
  canplay: "onCanPlay",
  playing: "onPlaying",
};

export type MediaEventProps<E extends MediaElement> = Partial<Record<(typeof PROP)[MediaEventName], (event: SyntheticEvent<E>) => void>>;

const ONE_SHOT: ReadonlySet<MediaEventName> = new Set(["load", "error", "loadedmetadata", "loadeddata"]);

const sourceOf = (element: MediaElement) => element.currentSrc || element.getAttribute("src") || "";

/**
 * The one-shot events `element`'s present state says it has fired for its current source, in the
 * order the element fires them. A picture that is complete with no pixels may be an SVG without
 * intrinsic size rather than a broken one: `decode()` tells them apart where it exists.
 */
export function firedEvents(element: MediaElement): MediaEventName[] | Promise<MediaEventName[]> {
  if (element instanceof HTMLImageElement) {
    if (!element.complete || !element.getAttribute("src")) return [];
    if (element.naturalWidth > 0) return ["load"];
    if (typeof element.decode !== "function") return ["error"];
    return element.decode().then(
      (): MediaEventName[] => ["load"],
      (): MediaEventName[] => ["error"],
    );
  }
  if (element.error) return ["error"];
  const fired: MediaEventName[] = [];
  if (element.readyState >= HTMLMediaElement.HAVE_METADATA) fired.push("loadedmetadata");
  if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) fired.push("loadeddata");
  if (element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) fired.push("canplay");
  if (element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA && !element.paused && !element.ended) fired.push("playing");
  return fired;
}

/**
 * The element in `ref` gets `handlers` for its events, including those it fired before its
 * component mounted. Spread the returned props on the element: they call the handlers for events
 * that arrive normally.
 */
export function useMediaEvents<E extends MediaElement>(ref: RefObject<E | null>, handlers: MediaEventHandlers<E>): MediaEventProps<E> {
  const latest = useRef(handlers);
  // Per element and source: which one-shot events were delivered, on mount or as they came.
  const delivered = useRef(new WeakMap<E, { source: string; names: Map<MediaEventName, "mount" | "event"> }>());
  const mounted = useRef<E | null>(null);

  useLayoutEffect(() => {
    latest.current = handlers;
  });

  const record = (element: E) => {
    const source = sourceOf(element);
    let entry = delivered.current.get(element);
    if (entry?.source !== source) {
      entry = { source, names: new Map() };
      delivered.current.set(element, entry);
    }
    return entry.names;
  };

  // Every commit: a new element (first mount, or a conditional one rendered again) is caught up.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === mounted.current) return;
    mounted.current = element;
    if (!element) return;
    const source = sourceOf(element);
    const deliver = (names: MediaEventName[]) => {
      // Still this element and this source: a later source's events are its own.
      if (mounted.current !== element || sourceOf(element) !== source) return;
      const done = record(element);
      for (const name of names) {
        if (done.has(name)) continue;
        if (ONE_SHOT.has(name)) done.set(name, "mount");
        latest.current[name]?.(element);
      }
    };
    const fired = firedEvents(element);
    // At once where the state is plain (all but a picture to decode). The state the handlers set
    // renders as a transition: an urgent update from this layout effect would make React render it
    // in the commit's task, after running every passive effect of the commit first (the feed's first
    // card: one ~280 ms task at 1x in Lighthouse's trace, issue #14).
    if (Array.isArray(fired)) startTransition(() => deliver(fired));
    else void fired.then(deliver);
  });

  const props: MediaEventProps<E> = {};
  for (const name of Object.keys(PROP) as MediaEventName[]) {
    if (!handlers[name]) continue;
    props[PROP[name]] = (event: SyntheticEvent<E>) => {
      const element = event.currentTarget;
      if (ONE_SHOT.has(name)) {
        const done = record(element);
        const by = done.get(name);
        done.set(name, "event");
        // Already delivered on mount: this is that event arriving late.
        if (by === "mount") return;
      }
      latest.current[name]?.(element);
    };
  }
  return props;
}
