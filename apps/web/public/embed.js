// Reelmart's embed script (docs/decisions/165-shoppable-embed.md). A brand pastes
//   <script async src="https://store.example/embed.js"></script>
//   <reelmart-videos brand="{brandId}" layout="carousel"></reelmart-videos>
// and this defines <reelmart-videos> (product=, brand= or video=; layout carousel|feed; height=),
// which frames the store's /embed/ page. It loads nothing else, reads no cookie and stores nothing:
// the frame is the whole embed, served from the same origin as this script. Kept tiny on purpose
// (a test holds it under 15 KB gzipped) and free of inline styles, so a host page's strict CSP
// only needs to allow this script and frames from the store.
(() => {
  const NAME = "reelmart-videos";
  const script = document.currentScript;
  // The store is wherever this script came from.
  const origin = script && script.src ? new URL(script.src).origin : "";
  if (!origin || customElements.get(NAME)) return;

  const KINDS = ["video", "product", "brand"];
  // The frame's default size per layout, as packages/core/src/embed.ts (EMBED_SIZES) gives it to oEmbed.
  const SIZES = { video: [360, 640], feed: [360, 640], carousel: [640, 520] };

  class ReelmartVideos extends HTMLElement {
    static get observedAttributes() {
      return [...KINDS, "layout", "height", "title"];
    }

    connectedCallback() {
      this.render();
    }

    attributeChangedCallback() {
      if (this.isConnected) this.render();
    }

    render() {
      const kind = KINDS.find((name) => this.getAttribute(name));
      const root = this.shadowRoot || this.attachShadow({ mode: "open" });
      if (!kind) {
        root.replaceChildren();
        return;
      }
      const id = encodeURIComponent(this.getAttribute(kind));
      const layout = this.getAttribute("layout") === "feed" ? "feed" : "carousel";
      const path = kind === "video" ? `/embed/v/${id}` : `/embed/${kind}/${id}?layout=${layout}`;
      const [width, height] = SIZES[kind === "video" ? "video" : layout];
      let frame = root.querySelector("iframe");
      if (!frame) {
        frame = document.createElement("iframe");
        frame.loading = "lazy";
        frame.allow = "autoplay; fullscreen; picture-in-picture";
        // CSSOM properties, not a <style> element: a host's CSP may forbid inline styles.
        Object.assign(frame.style, { display: "block", border: "0", width: "100%" });
        root.append(frame);
      }
      // A carousel takes the host's width; a single video or a feed keeps a phone's width.
      frame.style.maxWidth = layout === "carousel" && kind !== "video" ? "100%" : `${width}px`;
      frame.height = this.getAttribute("height") || String(height);
      frame.title = this.getAttribute("title") || "Shoppable videos";
      const src = origin + path;
      if (frame.src !== src) frame.src = src;
    }
  }

  customElements.define(NAME, ReelmartVideos);
})();
