import { describe, expect, it } from "vitest";
import { TrustedProxies, clientAddress, parseTrustedProxies } from "./client-address.ts";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client address behind trusted proxies", () => {
  const proxies = new TrustedProxies(parseTrustedProxies("10.0.0.0/8, 192.168.1.7 fd00::/8"));

  it("uses the socket address when no proxy is trusted or the peer is not one", () => {
    expect(clientAddress("203.0.113.9", headers({ "x-forwarded-for": "1.2.3.4" }), new TrustedProxies([]))).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", headers({ "x-forwarded-for": "1.2.3.4" }), proxies)).toBe("203.0.113.9");
    expect(clientAddress("::ffff:203.0.113.9", headers({}), proxies)).toBe("203.0.113.9");
  });

  it("reads X-Forwarded-For from the right, past trusted hops, ignoring what the client prepended", () => {
    expect(clientAddress("10.0.0.1", headers({ "x-forwarded-for": "203.0.113.5" }), proxies)).toBe("203.0.113.5");
    expect(clientAddress("::ffff:10.0.0.1", headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.1.1.1" }), proxies)).toBe("203.0.113.5");
    expect(clientAddress("10.0.0.1", headers({}), proxies)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", headers({ "x-forwarded-for": "garbage" }), proxies)).toBe("10.0.0.1");
  });

  it("reads RFC 7239 Forwarded, with ports and IPv6 brackets", () => {
    expect(clientAddress("fd00::1", headers({ forwarded: 'for="[2001:db8::7]:4711";proto=https, for=192.168.1.7' }), proxies)).toBe("2001:db8::7");
    expect(clientAddress("10.2.3.4", headers({ forwarded: "for=198.51.100.2:5555" }), proxies)).toBe("198.51.100.2");
  });

  it("refuses entries that are not addresses or CIDRs", () => {
    for (const bad of ["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/1", "::/129"]) expect(() => parseTrustedProxies(bad)).toThrow();
    expect(parseTrustedProxies(undefined)).toEqual([]);
  });
});
