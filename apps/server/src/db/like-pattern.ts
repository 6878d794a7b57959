/** A LIKE/ILIKE pattern matching `term` anywhere, with LIKE's own wildcards (% _ \) taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
