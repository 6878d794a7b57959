import { act, fireEvent, render } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { type MediaEventHandlers, useMediaEvents } from "./use-media-events.ts";
import { defineBeforeMount } from "./media-state.test-helper.ts";

function Picture({ handlers, src = "/a.jpg" }: { handlers: MediaEventHandlers<HTMLImageElement>; src?: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const events = useMediaEvents(ref, handlers);
  return <img ref={ref} src={src} alt="picture" {...events} />;
}

function Video({ handlers }: { handlers: MediaEventHandlers<HTMLVideoElement> }) {
  const ref = useRef<HTMLVideoElement>(null);
  const events = useMediaEvents(ref, handlers);
  return <video ref={ref} src="/a.mp4" aria-label="video" {...events} />;
}

describe("useMediaEvents: a picture's load and error fired before it mounted", () => {
  it("delivers load on mount for a complete picture with pixels, and not again when its load event follows", () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: true, naturalWidth: 120 });
    const load = vi.fn();
    const error = vi.fn();
    const { getByAltText } = render(<Picture handlers={{ load, error }} />);
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.load(getByAltText("picture"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it("delivers error on mount for a complete picture without pixels that does not decode", async () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: true, naturalWidth: 0, decode: () => Promise.reject(new Error("broken")) });
    const load = vi.fn();
    const error = vi.fn();
    const { getByAltText } = render(<Picture handlers={{ load, error }} />);
    await act(async () => {});
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(getByAltText("picture"));
    expect(load).not.toHaveBeenCalled();
  });

  it("takes a complete picture without pixels that decodes (an SVG without intrinsic size) as loaded", async () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: true, naturalWidth: 0, decode: () => Promise.resolve() });
    const load = vi.fn();
    const error = vi.fn();
    render(<Picture handlers={{ load, error }} />);
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it("takes a complete picture without pixels as broken where decode() does not exist", () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: true, naturalWidth: 0, decode: undefined });
    const error = vi.fn();
    render(<Picture handlers={{ error }} />);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("delivers nothing on mount for a picture still loading, and its events as they come", () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: false, naturalWidth: 0 });
    const load = vi.fn();
    const error = vi.fn();
    const { getByAltText } = render(<Picture handlers={{ load, error }} />);
    expect(load).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    fireEvent.error(getByAltText("picture"));
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("delivers a later source's events although the first source's were delivered on mount", () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: true, naturalWidth: 0, decode: undefined });
    const error = vi.fn();
    const { getByAltText, rerender } = render(<Picture handlers={{ error }} />);
    expect(error).toHaveBeenCalledTimes(1);
    rerender(<Picture handlers={{ error }} src="/placeholder.svg" />);
    fireEvent.error(getByAltText("picture"));
    expect(error).toHaveBeenCalledTimes(2);
  });
});

describe("useMediaEvents: a video's events fired before it mounted", () => {
  it("delivers error on mount for a video whose source failed", () => {
    defineBeforeMount(HTMLMediaElement.prototype, { error: { code: 4, message: "404" }, readyState: 0 });
    const error = vi.fn();
    const loadeddata = vi.fn();
    render(<Video handlers={{ error, loadeddata }} />);
    expect(error).toHaveBeenCalledTimes(1);
    expect(loadeddata).not.toHaveBeenCalled();
  });

  it("delivers loadedmetadata, loadeddata and canplay in order for a video that has enough data, once", () => {
    defineBeforeMount(HTMLMediaElement.prototype, { error: null, readyState: HTMLMediaElement.HAVE_ENOUGH_DATA, paused: true });
    const order: string[] = [];
    const handlers: MediaEventHandlers<HTMLVideoElement> = {
      loadedmetadata: () => order.push("loadedmetadata"),
      loadeddata: () => order.push("loadeddata"),
      canplay: () => order.push("canplay"),
      playing: () => order.push("playing"),
    };
    const { getByLabelText } = render(<Video handlers={handlers} />);
    expect(order).toEqual(["loadedmetadata", "loadeddata", "canplay"]);
    const video = getByLabelText("video");
    fireEvent.loadedMetadata(video);
    fireEvent.loadedData(video);
    expect(order).toEqual(["loadedmetadata", "loadeddata", "canplay"]);
    // canplay recurs after a stall: it is never held back.
    fireEvent.canPlay(video);
    expect(order).toEqual(["loadedmetadata", "loadeddata", "canplay", "canplay"]);
  });

  it("delivers playing on mount for a video already playing", () => {
    defineBeforeMount(HTMLMediaElement.prototype, { error: null, readyState: HTMLMediaElement.HAVE_ENOUGH_DATA, paused: false, ended: false });
    const playing = vi.fn();
    render(<Video handlers={{ playing }} />);
    expect(playing).toHaveBeenCalledTimes(1);
  });

  it("delivers only metadata for a video that has its metadata and no frame", () => {
    defineBeforeMount(HTMLMediaElement.prototype, { error: null, readyState: HTMLMediaElement.HAVE_METADATA, paused: true });
    const loadedmetadata = vi.fn();
    const loadeddata = vi.fn();
    render(<Video handlers={{ loadedmetadata, loadeddata }} />);
    expect(loadedmetadata).toHaveBeenCalledTimes(1);
    expect(loadeddata).not.toHaveBeenCalled();
  });
});
