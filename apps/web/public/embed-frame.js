// The embed page's only script (docs/decisions/165-shoppable-embed.md; the page is server-rendered
// by apps/server/src/modules/embed). Plays the one video most in view, muted, and none when the
// visitor asks for reduced motion (they get the player's controls instead); a button per video
// turns its sound on. It makes no request of its own and stores nothing.
(() => {
  const videos = [...document.querySelectorAll("video")];
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  // How much of each video is in view. Inside a frame the observer measures against the host
  // page's viewport, so an embed scrolled out of sight on the brand's page stops too.
  const inView = new Map();

  function update() {
    // The most visible video, at least 60% in view; on a tie (a wide carousel shows several whole) the first.
    let best = null;
    let bestRatio = 0.6;
    for (const [video, ratio] of inView) {
      if (best ? ratio > bestRatio : ratio >= bestRatio) {
        best = video;
        bestRatio = ratio;
      }
    }
    for (const video of videos) {
      video.controls = reducedMotion.matches;
      if (video !== best || document.hidden) video.pause();
    }
    if (best && !reducedMotion.matches && !document.hidden && best.paused && !best.dataset.paused) {
      // A browser may still refuse (data saver, policy): then the visitor starts it with the controls.
      // swallowed: a refusal is the browser's policy, not a fault: the controls let the visitor start it.
      best.play().catch(() => {
        best.controls = true;
      });
    }
  }

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) inView.set(entry.target, entry.intersectionRatio);
      update();
    },
    { threshold: [0, 0.6, 0.8, 1] },
  );
  for (const video of videos) observer.observe(video);
  reducedMotion.addEventListener("change", update);
  document.addEventListener("visibilitychange", update);

  document.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest(".sound");
    if (button) {
      const video = button.parentElement.querySelector("video");
      video.muted = !video.muted;
      button.setAttribute("aria-pressed", String(!video.muted));
      button.textContent = video.muted ? "Sound on" : "Mute";
      // swallowed: a play() the browser refuses leaves the video paused, where a tap starts it.
      if (!video.muted && video.paused) video.play().catch(() => {});
      return;
    }
    // A tap on a video without controls pauses or resumes it, and the choice sticks while it is in view.
    if (target instanceof HTMLVideoElement && !target.controls) {
      if (target.paused) {
        delete target.dataset.paused;
        // swallowed: a play() the browser refuses leaves the video paused, as it was.
        target.play().catch(() => {});
      } else {
        target.dataset.paused = "1";
        target.pause();
      }
    }
  });
})();
