import { afterEach } from "vitest";

// An element created in a transition's render fires its events before React mounts it, and React
// drops them (decision 097). jsdom loads nothing, so the state such an element holds when its
// component mounts is defined on the prototype before the render, and restored after each test.
const restores: (() => void)[] = [];

afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
});

export function defineBeforeMount(prototype: object, values: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(values)) {
    const own = Object.getOwnPropertyDescriptor(prototype, key);
    Object.defineProperty(prototype, key, { configurable: true, get: () => value });
    restores.push(() => (own ? Object.defineProperty(prototype, key, own) : delete (prototype as Record<string, unknown>)[key]));
  }
}
