// At most one video plays at any moment, across the feed and the fullscreen modal.
let playingVideo: HTMLVideoElement | null = null;

/** `video` started playing: the video playing until now is paused. */
export function startedPlaying(video: HTMLVideoElement) {
  if (playingVideo && playingVideo !== video) playingVideo.pause();
  playingVideo = video;
}

/** `video` paused or went away: none plays now, unless another already took its place. */
export function stoppedPlaying(video: HTMLVideoElement | null) {
  if (playingVideo === video) playingVideo = null;
}
