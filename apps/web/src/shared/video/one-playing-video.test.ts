import { describe, expect, it, vi } from "vitest";
import { startedPlaying, stoppedPlaying } from "./one-playing-video.ts";

const video = () => {
  const element = document.createElement("video");
  vi.spyOn(element, "pause").mockImplementation(() => {});
  return element;
};

describe("one playing video", () => {
  it("pauses the video playing until now when another starts, not the one starting", () => {
    const first = video();
    const second = video();
    startedPlaying(first);
    startedPlaying(first);
    expect(first.pause).not.toHaveBeenCalled();
    startedPlaying(second);
    expect(first.pause).toHaveBeenCalledOnce();
    expect(second.pause).not.toHaveBeenCalled();
    stoppedPlaying(second);
  });

  it("forgets a video once it stopped, but not for another video's stop", () => {
    const first = video();
    const second = video();
    startedPlaying(first);
    stoppedPlaying(second);
    startedPlaying(second);
    expect(first.pause).toHaveBeenCalledOnce();
    stoppedPlaying(second);
    startedPlaying(first);
    expect(second.pause).not.toHaveBeenCalled();
    stoppedPlaying(first);
  });
});
