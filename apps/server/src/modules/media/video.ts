import path from "node:path";
import sharp from "sharp";
import type { MediaCache } from "./cache.ts";
import { type Ffmpeg, demoFontFile, runFfmpeg } from "./ffmpeg.ts";

/** Vertical renditions, master first; every one is H.264 High + AAC, yuv420p, faststart. */
export const VIDEO_RENDITIONS = [
  { width: 720, height: 1280, name: "720" },
  { width: 480, height: 854, name: "480" },
  { width: 240, height: 426, name: "240" },
] as const;

export const MASTER_RENDITION = VIDEO_RENDITIONS[0]!;
/** Poster frame time: the spec's thumbnail frame is at 1 s (001 §9). */
export const POSTER_AT_SECONDS = 1;
const FRAME_RATE = 30;

export interface DemoVideoSpec {
  /**
   * "studio": the brand's clip (the product lit on a sweep, a close-up, a second angle, feature
   * callouts); "handheld": a customer's clip (the product on a table, a shaky phone camera, grain).
   */
  style: "studio" | "handheld";
  /** SVG documents drawn by the seed (no text: fonts are not guaranteed): the backdrop and the product from the front and at an angle. */
  backdrop: string;
  art: string;
  angleArt: string;
  /** Short texts shown in turn (studio: feature callouts; handheld: the customer's words). Never a price or title. */
  callouts: string[];
  /** The callouts' marker colour, #rrggbb. */
  accent: string;
  durationSeconds: number;
  toneHz: number;
}

export interface EncodedVideo {
  renditions: Array<{ width: number; height: number; file: string }>;
  poster: string;
  durationSeconds: number;
}

/** File names inside a cache entry. */
const renditionFile = (name: string) => `${name}.mp4`;
const POSTER_FILE = "thumbnail.jpg";

/**
 * A demo product video from the seed's drawings: composed and animated by ffmpeg (light moving
 * over the product, a close-up pan, a second angle sliding in, callouts fading in turn; or, for a
 * customer clip, a hand-held camera's shake, exposure drift and grain), a soft tone for audio,
 * encoded once at 720x1280 and scaled to 480p and 240p in the same pass, plus a JPEG poster.
 * Reuses the cache entry when one exists.
 */
export async function renderDemoVideo(ffmpeg: Ffmpeg, cache: MediaCache, spec: DemoVideoSpec, options: { threads?: number } = {}): Promise<EncodedVideo> {
  if (spec.durationSeconds < 1 || spec.durationSeconds > 60) throw new RangeError("durationSeconds must be between 1 and 60");
  const dir = await cache.getOrCreate({ kind: "demo-video", version: 2, spec, renditions: VIDEO_RENDITIONS, ffmpeg: ffmpeg.version }, async (out) => {
    await writeLayers(spec, out);
    await runFfmpeg(ffmpeg, demoVideoArgs(spec, out, options.threads ?? 1), { cwd: out });
  });
  return {
    renditions: VIDEO_RENDITIONS.map(({ width, height, name }) => ({ width, height, file: path.join(dir, renditionFile(name)) })),
    poster: path.join(dir, POSTER_FILE),
    durationSeconds: spec.durationSeconds,
  };
}

const { width: W, height: H } = { width: 720, height: 1280 };
/** The hand-held clip is composed larger than the frame, so the shaking crop never shows an edge. */
const SHAKE_MARGIN = { x: 56, y: 96 };
const LAYER = {
  backdrop: "backdrop.png",
  art: "art.png",
  closeUp: "close-up.png",
  angle: "angle.png",
  glow: "glow.png",
  callout: (index: number) => `callout-${index}.png`,
};

/** The PNG layers ffmpeg composes: rasterised from the spec's SVGs, callouts set with the bundled font. */
async function writeLayers(spec: DemoVideoSpec, out: string): Promise<void> {
  const file = (name: string) => path.join(out, name);
  const svg = (markup: string) => sharp(Buffer.from(markup));
  const handheld = spec.style === "handheld";
  const backdropSize = handheld ? { width: W + SHAKE_MARGIN.x * 2, height: H + SHAKE_MARGIN.y * 2 } : { width: W, height: H };
  await Promise.all([
    svg(spec.backdrop).resize(backdropSize.width, backdropSize.height).png().toFile(file(LAYER.backdrop)),
    svg(spec.art).resize(handheld ? 470 : 620).png().toFile(file(LAYER.art)),
    svg(spec.art).resize(1500).png().toFile(file(LAYER.closeUp)),
    svg(spec.angleArt).resize(600).png().toFile(file(LAYER.angle)),
    svg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><circle cx="450" cy="450" r="450" fill="url(#g)"/></svg>`,
    )
      .png()
      .toFile(file(LAYER.glow)),
    ...spec.callouts.map((text, index) => calloutLayer(text, spec.accent, handheld).then((png) => sharp(png).toFile(file(LAYER.callout(index))))),
  ]);
}

/** A rounded label: a coloured dot and white text on a dark glass pill (studio), or white on black like a phone app's caption (handheld). */
async function calloutLayer(text: string, accent: string, handheld: boolean): Promise<Buffer> {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="white" size="${handheld ? 26 : 24}pt">${escaped}</span>`,
      font: "DejaVu Sans Bold",
      fontfile: demoFontFile("bold"),
      width: handheld ? 560 : 470,
      rgba: true,
      wrap: "word",
      align: handheld ? "centre" : "left",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const pad = { x: handheld ? 26 : 30, y: 18 };
  const dot = handheld ? 0 : 34;
  const width = info.width + pad.x * 2 + dot;
  const height = info.height + pad.y * 2;
  const pill = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="${handheld ? 12 : height / 2}" fill="#000" fill-opacity="${handheld ? 0.78 : 0.5}"/>
    ${handheld ? "" : `<circle cx="${pad.x + 10}" cy="${height / 2}" r="10" fill="${accent}"/>`}
  </svg>`;
  return sharp(Buffer.from(pill))
    .composite([{ input: data, left: pad.x + dot, top: pad.y }])
    .png()
    .toBuffer();
}

function demoVideoArgs(spec: DemoVideoSpec, out: string, threads: number): string[] {
  const d = spec.durationSeconds;
  const image = (name: string) => ["-i", path.join(out, name)];
  const callouts = spec.callouts.map((_, index) => LAYER.callout(index));
  const layers = spec.style === "studio" ? [LAYER.backdrop, LAYER.art, LAYER.closeUp, LAYER.angle, LAYER.glow, ...callouts] : [LAYER.backdrop, LAYER.art, ...callouts];
  const audioInput = layers.length;
  // Each still is decoded once and repeated by the loop filter (an image input with -loop 1 would
  // decode its PNG again for every frame, which cost more than the encodes).
  const frames = Math.round(d * FRAME_RATE);
  const stills = layers.map((_, index) => `[${index}:v]loop=loop=${frames - 1}:size=1,setpts=N/${FRAME_RATE}/TB[L${index}]`).join(";");
  const graph = `${stills};${spec.style === "studio" ? studioGraph(d, callouts.length) : handheldGraph(d, callouts.length)}`;
  const scaled = VIDEO_RENDITIONS.slice(1)
    .map((r) => `[v${r.name}]scale=${r.width}:${r.height}:flags=bicubic[s${r.name}]`)
    .join(";");
  const split = `[composed]format=yuv420p,split=${VIDEO_RENDITIONS.length + 1}${VIDEO_RENDITIONS.map((r) => `[v${r.name}]`).join("")}[poster]`;
  const posterChain = `[poster]trim=start=${POSTER_AT_SECONDS},setpts=PTS-STARTPTS[p]`;
  // Two tones a fifth apart, swelling in and fading out: a calm bed rather than a test beep.
  const tone = `aevalsrc='0.12*sin(2*PI*${spec.toneHz}*t)+0.08*sin(2*PI*${(spec.toneHz * 1.5).toFixed(1)}*t)':s=44100:d=${d},afade=t=in:d=0.6,afade=t=out:st=${d - 0.8}:d=0.8`;
  const args = [...layers.flatMap(image), "-f", "lavfi", "-i", tone, "-filter_complex", `${graph};${split};${scaled};${posterChain}`];
  for (const rendition of VIDEO_RENDITIONS) {
    const pad = rendition === MASTER_RENDITION ? `[v${rendition.name}]` : `[s${rendition.name}]`;
    args.push(
      "-map", pad, "-map", `${audioInput}:a`,
      "-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
      "-g", String(FRAME_RATE * 2), "-threads", String(threads),
      "-c:a", "aac", "-b:a", rendition.height >= 854 ? "96k" : "64k",
      // moov before mdat: playback starts before the whole file has downloaded.
      "-movflags", "+faststart",
      "-t", String(d),
      renditionFile(rendition.name),
    );
  }
  args.push("-map", "[p]", "-frames:v", "1", "-q:v", "3", POSTER_FILE);
  return args;
}

/**
 * Three shots of the brand's clip: the product floating under a moving light with a light sweep,
 * a close-up panning across it, then the second angle sliding in; callouts fade in one per shot,
 * placed in the middle of the frame, clear of the sides a phone's screen crops and of the app's
 * product panel at the bottom.
 */
function studioGraph(d: number, calloutCount: number): string {
  const cut1 = (d * 0.4).toFixed(2);
  const cut2 = (d * 0.7).toFixed(2);
  const shots = [
    [0, Number(cut1)],
    [Number(cut1), Number(cut2)],
    [Number(cut2), d],
  ] as const;
  const chains = [
    `[L0]format=yuv420p[bg]`,
    // Input 4 is the glow: a soft light drifting across the backdrop.
    `[bg][L4]overlay=x='-450+(W+450)*t/${d}':y='H*0.1+80*sin(t*0.9)'[lit]`,
    `[lit][L1]overlay=x='(W-w)/2':y='H*0.1+16*sin(t*2.2)':enable='lt(t,${cut1})'[s1]`,
    `[s1][L2]overlay=x='-380-70*(t-${cut1})':y='-250-40*(t-${cut1})':enable='between(t,${cut1},${cut2})'[s2]`,
    `[s2][L3]overlay=x='max((W-w)/2,W-(t-${cut2})*1600)':y='H*0.11+10*sin(t*2)':enable='gte(t,${cut2})'[s3]`,
  ];
  let last = "s3";
  for (let index = 0; index < calloutCount; index++) {
    const [from, to] = shots[index % shots.length]!;
    const input = 5 + index;
    chains.push(
      `[L${input}]format=rgba,fade=t=in:st=${(from + 0.35).toFixed(2)}:d=0.35:alpha=1,fade=t=out:st=${(to - 0.35).toFixed(2)}:d=0.3:alpha=1[c${index}]`,
      `[${last}][c${index}]overlay=x='96+max(0,(${(from + 0.7).toFixed(2)}-t)*120)':y='H*0.56':enable='between(t,${from},${to})'[k${index}]`,
    );
    last = `k${index}`;
  }
  chains.push(`[${last}]vignette=angle=PI/5,eq=brightness='0.03*sin(t*1.4)':eval=frame[composed]`);
  return chains.join(";");
}

/** A customer's clip: the product on a table, filmed by a phone held in the hand. */
function handheldGraph(d: number, calloutCount: number): string {
  const chains = [
    `[L0]format=yuv420p[room]`,
    `[room][L1]overlay=x='(W-w)/2':y='H*0.64-h'[scene]`,
    // Shake: two sines per axis at unrelated rates; exposure drifting; grain on the luma only.
    `[scene]crop=${W}:${H}:x='${SHAKE_MARGIN.x}+26*sin(t*2.3)+9*sin(t*6.1)':y='${SHAKE_MARGIN.y}+22*sin(t*1.9+1)+8*sin(t*5.3)',` +
      `eq=brightness='0.04*sin(t*2.6)':saturation=1.15:eval=frame,colorbalance=rs=0.06:bs=-0.05,noise=c0s=8:c0f=t[cam]`,
  ];
  let last = "cam";
  for (let index = 0; index < calloutCount; index++) {
    chains.push(
      `[L${2 + index}]format=rgba,fade=t=in:st=0.5:d=0.3:alpha=1[c${index}]`,
      `[${last}][c${index}]overlay=x='(W-w)/2':y='H*0.14'[k${index}]`,
    );
    last = `k${index}`;
  }
  chains.push(`[${last}]null[composed]`);
  return chains.join(";");
}
