/**
 * Which addresses the API fetches a picture from (ADR 0131): http or https, no credentials, and a host that is a
 * public name or a public IP address. The Worker cannot resolve a name before it fetches, so a name is judged by its
 * spelling (no `localhost`, no single label, no private-use suffix) and an address literal by its value, in every
 * spelling the URL parser accepts (it turns `2130706433`, `0x7f.1` and `017700000001` into `127.0.0.1`, and writes
 * IPv6 in one form); the checks below read the numbers themselves too, so they do not rest on that alone.
 */
import { SOURCE_URL_MAX_CHARS } from '../../../../core/limits';

/** Why an address is refused, in words for the answer, or null when it may be fetched. */
export type Refusal = string | null;

/** Private-use and local-only names (RFC 6761, RFC 8375, and the names networks commonly keep for themselves). */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'home.arpa',
  'localdomain',
  'lan',
  'intranet',
  'corp',
  'private',
];

/** [first address, prefix length] pairs, IPv4 (IANA's special-purpose registry, the ranges not reachable publicly). */
const IPV4_REFUSED: readonly [number, number, string][] = [
  [ip4(0, 0, 0, 0), 8, 'an unspecified ("this network") address'],
  [ip4(10, 0, 0, 0), 8, 'a private address'],
  [ip4(100, 64, 0, 0), 10, 'a carrier-grade NAT address'],
  [ip4(127, 0, 0, 0), 8, 'a loopback address'],
  [ip4(169, 254, 0, 0), 16, 'a link-local address'],
  [ip4(172, 16, 0, 0), 12, 'a private address'],
  [ip4(192, 0, 0, 0), 24, 'a reserved address'],
  [ip4(192, 0, 2, 0), 24, 'a documentation address'],
  [ip4(192, 88, 99, 0), 24, 'a reserved address'],
  [ip4(192, 168, 0, 0), 16, 'a private address'],
  [ip4(198, 18, 0, 0), 15, 'a reserved address'],
  [ip4(198, 51, 100, 0), 24, 'a documentation address'],
  [ip4(203, 0, 113, 0), 24, 'a documentation address'],
  [ip4(224, 0, 0, 0), 4, 'a multicast address'],
  [ip4(240, 0, 0, 0), 4, 'a reserved address'],
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

const inRange = (value: number, [start, bits]: readonly [number, number, string]) =>
  bits === 0 || value >>> (32 - bits) === start >>> (32 - bits);

/** Why an IPv4 address (as one 32-bit number) is refused, or null for a public one. */
export function ipv4Refusal(value: number): Refusal {
  return IPV4_REFUSED.find((range) => inRange(value, range))?.[2] ?? null;
}

/**
 * An IPv4 host in any spelling the URL standard reads as one: one to four parts, each decimal, octal (a leading 0) or
 * hex (0x), the last part filling the remaining bytes (`127.1`, `2130706433`, `0x7f.0.0.1`). Null for anything else.
 */
export function parseIpv4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) n = Number(part);
    else return null;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
}

/** An IPv6 address (no brackets) as eight 16-bit groups, a trailing dotted IPv4 part included; null if it is not one. */
export function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  let hex = text;
  if (text.includes('.')) {
    // A dotted IPv4 tail (::ffff:127.0.0.1) is two groups written another way.
    const lastColon = text.lastIndexOf(':');
    const tail = text.slice(lastColon + 1);
    const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(tail) ? parseIpv4(tail) : null;
    if (v4 === null) return null;
    hex = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = hex.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const back = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...back].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  const known = head.length + back.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<number>(halves.length === 2 ? 8 - known : 0).fill(0);
  return [...head, ...zeros, ...back].map((g) => (typeof g === 'number' ? g : parseInt(g, 16)));
}

const embeddedV4 = (g: number[], at: number) => ((g[at]! << 16) | g[at + 1]!) >>> 0;

/**
 * Why an IPv6 address is refused, or null. Only global unicast (2000::/3) is fetched, less its reserved and
 * documentation blocks; NAT64 and 6to4 addresses are judged by the IPv4 address they carry, and the IPv4-in-IPv6
 * forms (mapped, compatible, translated) are refused whatever they carry.
 */
export function ipv6Refusal(g: number[]): Refusal {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'an unspecified address';
  if (zeroUpTo(7) && g[7] === 1) return 'a loopback address';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (the old compatible form), ::ffff:0:a.b.c.d (translated): no picture host
  // needs them, so even a public one is refused (its IPv4 address works as itself).
  const asIpv6 = 'an IPv4 address written as IPv6 (send the IPv4 address itself)';
  if (zeroUpTo(5) && g[5] === 0xffff) return ipv4Refusal(embeddedV4(g, 6)) ?? asIpv6;
  if (zeroUpTo(6)) return ipv4Refusal(embeddedV4(g, 6)) ?? asIpv6;
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return ipv4Refusal(embeddedV4(g, 6)) ?? asIpv6;
  // 64:ff9b::/96, the well-known NAT64 prefix, carries the IPv4 address it reaches; 64:ff9b:1::/48 is local use.
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    if (g[2] === 1) return 'a local-use NAT64 address';
    if (g.slice(2, 6).every((x) => x === 0)) return ipv4Refusal(embeddedV4(g, 6));
    return 'a reserved address';
  }
  if ((g[0]! & 0xfe00) === 0xfc00) return 'a unique local (private) address';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'a site-local address';
  if ((g[0]! & 0xff00) === 0xff00) return 'a multicast address';
  if ((g[0]! & 0xe000) !== 0x2000) return 'a reserved address';
  // 2002::/16 (6to4) names the IPv4 address behind it in its next 32 bits.
  if (g[0] === 0x2002) return ipv4Refusal(embeddedV4(g, 1));
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'a documentation address';
  // 2001::/23: Teredo, ORCHID, benchmarking and other IETF protocol assignments, none a picture host.
  if (g[0] === 0x2001 && g[1]! < 0x0200) return 'a reserved address';
  if (g[0] === 0x3fff && g[1]! < 0x1000) return 'a documentation address';
  return null;
}

/** Why a host name (lower case, as the URL parser leaves it) is refused, or null. */
export function hostRefusal(rawHost: string): Refusal {
  // Every trailing dot goes (`localhost..` is still localhost to a resolver); an empty label inside is no name at all.
  const host = rawHost.toLowerCase().replace(/\.+$/, '');
  if (host === '') return 'an empty host';
  if (!host.startsWith('[') && host.split('.').includes('')) return 'a host that is not an address';
  if (host.startsWith('[')) {
    const groups = parseIpv6(host.replace(/^\[|\]$/g, ''));
    return groups ? ipv6Refusal(groups) : 'a host that is not an address';
  }
  const v4 = parseIpv4(host);
  if (v4 !== null) return ipv4Refusal(v4);
  // A last label of digits (or 0x…) that is not an IPv4 address is no host at all.
  if (/^(0x[0-9a-f]*|[0-9]+)$/i.test(host.slice(host.lastIndexOf('.') + 1))) return 'a host that is not an address';
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return 'a local name';
  if (!host.includes('.')) return 'a name with a single label (a local name)';
  return null;
}

/**
 * Why `url` may not be fetched (a sentence for the answer), or null. `url` is a parsed URL: the caller reports text
 * that does not parse as its own problem.
 */
export function sourceRefusal(url: URL): Refusal {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `Only http and https addresses are fetched, not ${url.protocol.replace(/:$/, '')}.`;
  if (url.username !== '' || url.password !== '')
    return 'The address carries a user name or password; send a public address without credentials.';
  const why = hostRefusal(url.hostname);
  return why ? `${url.hostname} is ${why}; only public addresses are fetched.` : null;
}

/** The `url` field as a URL to fetch, or the reason it is refused. */
export function parseSourceUrl(raw: string): { url: URL } | { refusal: string } {
  const text = raw.trim();
  if (text.length > SOURCE_URL_MAX_CHARS)
    return { refusal: `The url is longer than ${SOURCE_URL_MAX_CHARS} characters.` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refusal: 'The url is not a web address (send it whole, starting with https://).' };
  }
  const refusal = sourceRefusal(url);
  return refusal ? { refusal } : { url };
}
