// The product pages' first picture as the server paints it (docs/decisions/162): the page HTML of
// /product/{id}, /purchase/{id} and /product-profile/{id} carries <img id="boot-picture"> in the box
// where the page shows that picture, so the page's largest paint does not wait for the app's entry,
// the product request and the render. It is fixed above the app and below the splash; the page
// takes it away once its own copy of the picture has loaded and painted, or once it shows something
// else (not found, an error) or unmounts, and it never comes back (it exists only in the first HTML).

import { useEffect } from "react";

const LAYER_ID = "boot-picture";

/** Whether the server's copy of the first picture is still on screen. */
export function bootPictureShown(): boolean {
  return typeof document !== "undefined" && document.getElementById(LAYER_ID) !== null;
}

export function removeBootPicture(): void {
  document.getElementById(LAYER_ID)?.remove();
}

/**
 * Removes the copy after the next paint: the page's own picture (loaded, or fallen back) is then on
 * screen in the same box, so the swap shows nothing. A frame callback runs just before a paint; a
 * task queued from it runs after that paint.
 */
export function removeBootPictureAfterPaint(): void {
  if (!bootPictureShown()) return;
  requestAnimationFrame(() => setTimeout(removeBootPicture));
}

/**
 * A product page's part: while `awaiting` (loading, or showing the product, whose picture removes the
 * copy once loaded) the copy stays; a page that shows something else (not found, an error) removes
 * it after its paint, and so does leaving the page.
 */
export function useBootPictureUntilShown(awaiting: boolean): void {
  useEffect(() => {
    if (!awaiting) removeBootPictureAfterPaint();
  }, [awaiting]);
  useEffect(() => removeBootPicture, []);
}
