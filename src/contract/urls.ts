/**
 * The one check of a URL that a member or an administrator gives (SECURITY-CHECKLIST 22, 28): an
 * avatar today; thumbnails, video and subtitle addresses tomorrow. The host is read as a browser or
 * a fetch would read it before anything is decided: the WHATWG URL parser lowercases it, maps IDN
 * and full-width letters to ASCII (UTS 46), writes IPv4 given in decimal, hex, octal or short forms
 * as four decimal parts and IPv6 in brackets, compressed; here trailing dots are removed too
 * (`localhost.` is `localhost`) and an IPv4 address inside IPv6 (`::ffff:7f00:1`, NAT64) is read as
 * the IPv4 address it carries.
 */

export type UrlHost =
  | { kind: "name"; name: string }
  | { kind: "ipv4"; address: string }
  | { kind: "ipv6"; address: string };

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The 8 groups of an IPv6 address as the URL parser writes it (compressed, lowercase, no brackets). */
function ipv6Groups(address: string): number[] {
  const [head = "", tail = ""] = address.split("::");
  const part = (s: string) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill(0), ...right]
    : left;
}

/** The IPv4 address an IPv6 one carries: IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96). */
function embeddedIpv4(groups: number[]): string | undefined {
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return undefined;
  const [hi = 0, lo = 0] = groups.slice(6);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
}

/** The host of a parsed URL, normalised as above. */
export function urlHost(url: URL): UrlHost {
  const host = url.hostname.replace(/\.+$/, "");
  if (host.startsWith("[")) {
    const address = host.slice(1, -1);
    const v4 = embeddedIpv4(ipv6Groups(address));
    return v4 ? { kind: "ipv4", address: v4 } : { kind: "ipv6", address };
  }
  // `127.0.0.1..` is a name to the parser; without its dots it is the address it looks like.
  if (IPV4.test(host)) return { kind: "ipv4", address: host };
  return { kind: "name", name: host };
}

const inCidr = (ip: number[], base: number[], bits: number) =>
  base.every((b, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    const mask = (0xff << (8 - keep)) & 0xff;
    return ((ip[i] ?? 0) & mask) === (b & mask);
  });

/** Loopback, private, link-local (cloud metadata), shared, reserved and multicast IPv4 ranges. */
const IPV4_NOT_PUBLIC: [number[], number][] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 3],
];

/** Whether an address belongs to no one's public Internet (where an internal service may listen). */
export function isNonPublicAddress(host: Exclude<UrlHost, { kind: "name" }>): boolean {
  if (host.kind === "ipv4") {
    const ip = host.address.split(".").map(Number);
    return IPV4_NOT_PUBLIC.some(([base, bits]) => inCidr(ip, base, bits));
  }
  const g = ipv6Groups(host.address);
  const first = g[0] ?? 0;
  return (
    g.slice(0, 7).every((x) => x === 0) || // :: and ::1
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x2001 && g[1] === 0x0db8) // documentation
  );
}

/** Names that only mean something inside a machine or a local network (RFC 6761, 6762, 8375). */
export function isLocalName(name: string): boolean {
  return (
    !name.includes(".") ||
    /\.(localhost|local|internal|lan|home\.arpa|localdomain|test|invalid|example)$/.test(name)
  );
}

/**
 * The URL, when `value` is an address of one of `protocols` (e.g. `["https:"]`) without credentials,
 * on a public named host (a bare IP address is refused unless `addresses: "public"` allows the
 * public ones); otherwise null.
 */
export function publicUrl(
  value: string,
  opts: { protocols: readonly string[]; addresses?: "none" | "public" },
): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!opts.protocols.includes(url.protocol) || url.username || url.password) return null;
  const host = urlHost(url);
  if (host.kind === "name") return isLocalName(host.name) ? null : url;
  return opts.addresses === "public" && !isNonPublicAddress(host) ? url : null;
}
