/** The rungs' short sides: 240p, 480p and 720p (DESIGN.md Budgets; the spec's quality choice uses 240/480). */
export const LADDER_SHORT_SIDES = [720, 480, 240] as const;

export interface Rung {
  width: number;
  height: number;
  /** The short side, which names the rung (720, 480, 240). */
  name: number;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The rungs for a source of this display size, largest first: each keeps the source's aspect
 * (vertical stays vertical), none is larger than the source (never upscaled); a source smaller
 * than 240p gets one rung at its own size.
 */
export function ladderFor(width: number, height: number): Rung[] {
  const short = Math.min(width, height);
  const rungs = LADDER_SHORT_SIDES.filter((side) => side <= short).map((side) => {
    const scale = side / short;
    return width <= height ? { width: side, height: even(height * scale), name: side } : { width: even(width * scale), height: side, name: side };
  });
  if (rungs.length) return rungs;
  return [{ width: even(width), height: even(height), name: even(short) }];
}
