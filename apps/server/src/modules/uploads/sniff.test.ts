import { describe, expect, it } from "vitest";
import { sniffMedia } from "./sniff.ts";

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))));

describe("sniffMedia", () => {
  it("recognises MP4/MOV, WebM and AVI by their first bytes", () => {
    expect(sniffMedia(bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]))).toEqual({ kind: "video", container: "mp4" });
    expect(sniffMedia(bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0]))).toEqual({ kind: "video", container: "mp4" });
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3], "xxxxxxxx"))).toEqual({ kind: "video", container: "webm" });
    expect(sniffMedia(bytes("RIFF", [1, 2, 3, 4], "AVI LIST"))).toEqual({ kind: "video", container: "avi" });
  });

  it("recognises images, and refuses a PDF named .mp4 and HEIC stills", () => {
    expect(sniffMedia(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a], "rest"))).toEqual({ kind: "image", format: "png" });
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF0000"))).toEqual({ kind: "image", format: "jpeg" });
    expect(sniffMedia(bytes("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).toBeNull();
    expect(sniffMedia(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]))).toBeNull();
  });
});
