import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("writes the header and rows, quoting only fields that need it", () => {
    expect(toCsv(["Video", "Views"], [["Lamp, at night", "3"], ['The "best" mug', "1"]])).toBe('Video,Views\r\n"Lamp, at night",3\r\n"The ""best"" mug",1\r\n');
  });
});
