import type { Candidates, WordMatch } from "../modules/search/search.ranking.ts";
import { Kind, MAX_EXPANSIONS, MIN_PREFIX_LETTERS, MIN_SUBSTRING_LETTERS, SEARCH_MAX_WORDS, cost } from "../modules/search/search.ranking.ts";
import { editDistance, typoAllowance } from "../modules/search/search.words.ts";
import { compareText, firstNotBefore, hashText, indexIn, partitionPoint } from "./search-text.ts";

// A search snapshot's dictionary as a term's candidates are looked up in it (decision 141): what each
// query word stands for, exact, by prefix, as a substring or within its typos (the SQL's findCandidates),
// with the deletion variants that find the typos and a memo of the words searched most recently.

/**
 * The deletion variants migration 0070's `search_word_variants(word)` makes, by character (code
 * point) as PostgreSQL's length and overlay count: the word, 1 deletion from 4 to 20 letters, 2 from 7 to 20.
 */
export function deletionVariants(word: string): Set<string> {
  const letters = [...word];
  const n = letters.length;
  const variants = new Set<string>([word]);
  if (n >= 4 && n <= 20) {
    for (let i = 0; i < n; i++) {
      const one = letters.slice(0, i).concat(letters.slice(i + 1));
      variants.add(one.join(""));
      if (n >= 7) for (let j = 0; j < n - 1; j++) variants.add(one.slice(0, j).concat(one.slice(j + 1)).join(""));
    }
  }
  return variants;
}

/** Printable ASCII (and tabs/newlines): what foldAscii folds exactly as the database does. */
const ASCII = /^[\t\n\r\x20-\x7e]*$/;

/**
 * `search_words_of(term)` for a term of ASCII only, where lower(unaccent(x)) is ASCII lower case and
 * [[:alnum:]] is [a-z0-9]; other terms are folded by the database (unaccent's rules are its own).
 */
export function foldAscii(term: string): string[] | undefined {
  if (!ASCII.test(term)) return undefined;
  return term
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== "" && token.length <= 64);
}

/** A query word's dictionary words, as `candidates` keeps them (the position is added per term). */
type Expansion = Omit<WordMatch, "position">;

/**
 * Query words whose expansions (exact, prefix, substring, typo) a snapshot keeps: they are a function
 * of the word and the dictionary alone, so they live and die with the snapshot. The bound keeps the
 * memory small (an entry holds at most 2 x MAX_EXPANSIONS words plus the word's typo neighbours).
 */
const EXPANSIONS_HELD = 512;

/** Words a snapshot holds at most: variantKeys packs a word's index beside a 32-bit hash in a double's 53 bits. */
const WORD_LIMIT = 2 ** 21;

/** hashText as an unsigned 32-bit number: a variant key's high part. */
const variantHash = (variant: string) => hashText(variant) >>> 0;

/** Whether `word` has one of the deletion variants `termVariants` (the SQL's join on search_word_variants). */
function sharesVariant(termVariants: ReadonlySet<string>, word: string): boolean {
  for (const variant of deletionVariants(word)) if (termVariants.has(variant)) return true;
  return false;
}

function shortestFirst(words: string[]): string[] {
  return words.sort((a, b) => [...a].length - [...b].length || compareText(a, b)).slice(0, MAX_EXPANSIONS);
}

/** The dictionary of one snapshot, for the candidates of its searches. */
export class SearchDictionary {
  /**
   * Every deletion variant of every dictionary word, as variantHash(variant) * WORD_LIMIT + the word's
   * index, ascending: a variant's words are one run, found by binary search. Two variants of one hash
   * share a run; expand() turns away the words that the edit distance or the variants themselves do
   * not bear out. At 100k products a Map of variants to word lists held 13 MB of the heap; this is
   * 8 bytes a variant of a word, off the heap.
   */
  private readonly variantKeys: Float64Array;
  /** Per query word, its expansions; least recently used first (Map order), at most EXPANSIONS_HELD. */
  private readonly expansions = new Map<string, Expansion[]>();

  constructor(
    /** The dictionary, in code-unit order (exact and prefix lookups by binary search). */
    private readonly words: string[],
  ) {
    if (words.length > WORD_LIMIT) throw new Error(`the search index holds at most ${WORD_LIMIT} words, not ${words.length}`);
    const variantKeys: number[] = [];
    words.forEach((word, index) => {
      for (const variant of deletionVariants(word)) variantKeys.push(variantHash(variant) * WORD_LIMIT + index);
    });
    this.variantKeys = Float64Array.from(variantKeys).sort();
  }

  /** The dictionary words with a deletion variant of `variant`'s hash (a superset of those with that variant). */
  private *wordsWithVariant(variant: string): Generator<number> {
    const keys = this.variantKeys;
    const first = variantHash(variant) * WORD_LIMIT;
    for (let at = partitionPoint(keys.length, (i) => keys[i]! < first); at < keys.length && keys[at]! < first + WORD_LIMIT; at++) yield keys[at]! - first;
  }

  /** Every dictionary word each query word may stand for, as findCandidates in SQL: exact, prefix, substring, typo. */
  candidates(allWords: string[]): Candidates {
    const words = [...new Set(allWords)].slice(0, SEARCH_MAX_WORDS);
    const matches = words.flatMap((term, position) => this.expand(term).map((expansion): WordMatch => ({ position, ...expansion })));
    return { words, titleKey: allWords.join(" "), matches };
  }

  /** The dictionary words `term` stands for, each in its cheapest way; kept per snapshot for the words searched most recently. */
  private expand(term: string): Expansion[] {
    const held = this.expansions.get(term);
    if (held) {
      this.expansions.delete(term);
      this.expansions.set(term, held);
      return held;
    }
    const best = new Map<string, Expansion>();
    const keep = (match: Expansion) => {
      const known = best.get(match.word);
      if (!known || cost(match) < cost(known)) best.set(match.word, match);
    };
    const length = [...term].length;
    if (indexIn(this.words, term) !== -1) keep({ word: term, typos: 0, kind: Kind.Exact });
    if (length >= MIN_PREFIX_LETTERS) for (const word of this.prefixed(term)) keep({ word, typos: 0, kind: Kind.Prefix });
    if (length >= MIN_SUBSTRING_LETTERS) for (const word of this.containing(term)) keep({ word, typos: 0, kind: Kind.Substring });
    const termVariants = deletionVariants(term);
    const typoWords = new Set<number>();
    for (const variant of termVariants) for (const index of this.wordsWithVariant(variant)) typoWords.add(index);
    for (const index of typoWords) {
      const word = this.words[index]!;
      const allowance = typoAllowance(term, word);
      const typos = editDistance(term, word, allowance);
      // A word reached through another variant of the same hash counts only if it shares a variant, as in SQL.
      if (typos <= allowance && (typos === 0 || sharesVariant(termVariants, word))) keep({ word, typos, kind: Kind.Exact });
    }
    const expansions = [...best.values()];
    this.expansions.set(term, expansions);
    if (this.expansions.size > EXPANSIONS_HELD) this.expansions.delete(this.expansions.keys().next().value!);
    return expansions;
  }

  /** Dictionary words starting with `term` (not itself), shortest first, at most MAX_EXPANSIONS. */
  private prefixed(term: string): string[] {
    const { words } = this;
    const found: string[] = [];
    for (let i = firstNotBefore(words, term); i < words.length && words[i]!.startsWith(term); i++) if (words[i] !== term) found.push(words[i]!);
    return shortestFirst(found);
  }

  /** Dictionary words containing `term` but not starting with it, shortest first, at most MAX_EXPANSIONS. */
  private containing(term: string): string[] {
    const found: string[] = [];
    for (const word of this.words) if (word.includes(term) && !word.startsWith(term)) found.push(word);
    return shortestFirst(found);
  }

  /** Rough heap held by the variants and the memo (the words are the snapshot's, counted there). */
  get approximateBytes(): number {
    let bytes = this.variantKeys.byteLength;
    for (const [term, expansions] of this.expansions) bytes += term.length + 40 + expansions.length * 48;
    return bytes;
  }
}
