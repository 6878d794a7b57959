/** Writes `file.br` and `file.gz` beside every compressible file of `dir` big enough to gain; answers how many files. */
export function precompress(dir: string): number;
