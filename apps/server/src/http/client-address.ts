import { BlockList, isIP } from "node:net";

/** Peer addresses whose verdict TrustedProxies keeps; it starts over when full. */
const REMEMBERED_PEERS = 4096;

/**
 * TRUSTED_PROXIES (docs/security.md): the load balancers and reverse proxies allowed to name the
 * client in X-Forwarded-For or Forwarded. Headers from any other peer are ignored, so a client
 * cannot pick its own rate-limit bucket or forge the address in logs and audit records.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  private readonly verdicts = new Map<string, boolean>();
  readonly isEmpty: boolean;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, prefix] = entry.split("/");
      const family = isIP(address ?? "");
      if (!family) throw new Error(`not an IP address or CIDR: ${entry}`);
      const type = family === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) this.list.addAddress(address!, type);
      else this.list.addSubnet(address!, Number(prefix), type);
    }
    this.isEmpty = entries.length === 0;
  }

  /** Whether a peer is one of the proxies; asked on every request, so each address's answer is kept. */
  has(address: string): boolean {
    if (this.isEmpty) return false;
    let trusted = this.verdicts.get(address);
    if (trusted === undefined) {
      trusted = this.check(address);
      // Peers are the proxies behind a load balancer, or every client without one: keep a bounded number.
      if (this.verdicts.size >= REMEMBERED_PEERS) this.verdicts.clear();
      this.verdicts.set(address, trusted);
    }
    return trusted;
  }

  // BlockList.check builds a SocketAddress per call: ~1.4% of a write's CPU when asked per request.
  private check(address: string): boolean {
    const family = isIP(address);
    if (!family) return false;
    if (this.list.check(address, family === 6 ? "ipv6" : "ipv4")) return true;
    // An IPv4 peer on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? this.list.check(mapped[1]!, "ipv4") : false;
  }
}

/** Parses one TRUSTED_PROXIES entry list (comma or space separated); throws naming a bad entry. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? "").split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const maxPrefix = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix))) {
      throw new Error(`"${entry}" is not an IP address or CIDR`);
    }
  }
  return entries;
}

function normalise(address: string): string | null {
  let value = address.trim().replace(/^"|"$/g, "");
  if (value.startsWith("[")) value = value.slice(1, value.indexOf("]") === -1 ? undefined : value.indexOf("]"));
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  return isIP(value) ? value : null;
}

/** The hops named by Forwarded (RFC 7239 for=) or else X-Forwarded-For, nearest client first. */
function forwardedChain(headers: Headers): (string | null)[] {
  const forwarded = headers.get("forwarded");
  if (forwarded) {
    return forwarded.split(",").map((element) => {
      const pair = element.split(";").find((part) => part.trim().toLowerCase().startsWith("for="));
      return pair ? normalise(pair.trim().slice(4)) : null;
    });
  }
  const xff = headers.get("x-forwarded-for");
  return xff ? xff.split(",").map(normalise) : [];
}

/**
 * The client's address: the socket peer, unless that peer is a trusted proxy, in which case the
 * forwarding chain is read from the right, past every trusted hop, to the first address that is
 * not one (a client may prepend anything, so only what trusted hops appended counts).
 */
export function clientAddress(socketAddress: string | undefined, headers: Headers, proxies: TrustedProxies): string | null {
  const peer = socketAddress ? normalise(socketAddress) : null;
  if (!peer || proxies.isEmpty || !proxies.has(peer)) return peer;
  const chain = forwardedChain(headers);
  let client = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i];
    if (!hop) break;
    client = hop;
    if (!proxies.has(hop)) break;
  }
  return client;
}
