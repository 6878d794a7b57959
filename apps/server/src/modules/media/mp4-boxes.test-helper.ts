import { open } from "node:fs/promises";

/** The top-level MP4 boxes in file order (type and offset): enough to check moov comes before mdat. */
export async function topLevelBoxes(file: string): Promise<Array<{ type: string; offset: number }>> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const boxes: Array<{ type: string; offset: number }> = [];
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= size) {
      await handle.read(header, 0, 16, offset);
      let length = header.readUInt32BE(0);
      const type = header.toString("latin1", 4, 8);
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      else if (length === 0) length = size - offset;
      boxes.push({ type, offset });
      if (length < 8) break;
      offset += length;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}
