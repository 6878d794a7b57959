// Decision 197: the web build's text files, compressed once at build time beside themselves
// (name.br, name.gz), for the server to send as they are (serveStatic's `precompressed`). Compressing
// every asset again on every request cost the server CPU in a first visit's busiest seconds, beside
// the page on a two-core machine, and brotli at its highest quality is ~12% smaller than gzip -9
// here, which a request-time compressor cannot afford.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What is worth compressing: text a browser fetches. index.html is not here: the server sends it from memory, with a head of its own per page. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Under this a compressed answer saves less than its headers cost (hono's compress threshold). */
const MIN_BYTES = 1024;

/** Writes `file.br` and `file.gz` beside every compressible file of `dir` of MIN_BYTES or more; answers how many files. */
export function precompress(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    count++;
  }
  return count;
}
