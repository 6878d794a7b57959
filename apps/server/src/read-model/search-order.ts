// The first k of a search's matches in an order, without sorting them all (decision 143): the page
// and the suggested titles of rank() come from a bounded heap over doc numbers.

/** A product's place in a comparison of two products, by their doc numbers. */
export type DocOrder = (a: number, b: number) => number;

/**
 * The first `count` of `docs[0, length)` in `compare` order (a total order), in that order, without
 * sorting them all: a bounded max-heap whose root is the worst kept, so a page of 21 out of thousands
 * of matches costs one comparison for most of them, O(length log count) at worst.
 */
export function firstInOrder(docs: Int32Array, length: number, count: number, compare: DocOrder): number[] {
  const heap = new Int32Array(Math.max(0, Math.min(count, length)));
  let size = 0;
  for (let i = 0; i < length; i++) {
    const doc = docs[i]!;
    if (size < heap.length) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (compare(heap[parent]!, doc) > 0) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = doc;
    } else if (size > 0 && compare(doc, heap[0]!) < 0) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= size) break;
        const right = left + 1;
        const worse = right < size && compare(heap[right]!, heap[left]!) > 0 ? right : left;
        if (compare(heap[worse]!, doc) < 0) break;
        heap[at] = heap[worse]!;
        at = worse;
      }
      heap[at] = doc;
    }
  }
  return Array.from(heap).sort(compare);
}
