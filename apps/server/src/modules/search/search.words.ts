// Word-level matching rules (issue #16, decision 140), applied to the candidates the database finds.

/** Edits forgiven for a word of this many letters: none up to 4, 1 for 5 to 8, 2 from 9. */
function allowanceFor(letters: number): number {
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/**
 * Edits forgiven between a query word and a product's word: the longer of the two sets the
 * allowance, so a letter dropped from a five-letter word ('wach' for 'watch') is forgiven too.
 */
export function typoAllowance(query: string, word: string): number {
  return allowanceFor(Math.max([...query].length, [...word].length));
}

/**
 * Damerau–Levenshtein distance in its optimal-string-alignment form (an adjacent transposition is
 * one edit), or `max + 1` as soon as the distance is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let before = new Array<number>(y.length + 1).fill(0);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = new Array<number>(y.length + 1).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[y.length]!, max + 1);
}
