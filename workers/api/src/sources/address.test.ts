import { describe, expect, it } from 'vitest';
import { hostRefusal, parseIpv4, parseIpv6, parseSourceUrl } from './address';

const refusalOf = (url: string) => {
  const parsed = parseSourceUrl(url);
  return 'refusal' in parsed ? parsed.refusal : null;
};

describe('the address checker (ADR 0131)', () => {
  it.each([
    // IPv4 loopback, in every spelling the URL standard reads as 127.0.0.1 or another 127/8 address.
    'http://127.0.0.1/',
    'http://127.1/',
    'http://127.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.0x0.0x0.0x1/',
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://0x7f.1/',
    'http://127.255.255.254/',
    'http://127.0.0.1./',
    'http://%31%32%37.0.0.1/',
    'http://１２７.０.０.１/',
    'http://127.0.0.1:8080/',
    'https://127.0.0.1:443/',
    // Unspecified, private, CGNAT, link-local, multicast, reserved, documentation.
    'http://0.0.0.0/',
    'http://0/',
    'http://10.1.2.3/',
    'http://167772161/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.0.1/',
    'http://0xc0a80001/',
    'http://100.64.0.1/',
    'http://100.127.255.254/',
    'http://169.254.169.254/',
    'http://2852039166/',
    'http://224.0.0.1/',
    'http://239.255.255.250/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://192.0.0.8/',
    'http://192.0.2.1/',
    'http://198.18.0.1/',
    'http://198.51.100.7/',
    'http://203.0.113.9/',
    // IPv6: loopback, unspecified, mapped and compatible IPv4, NAT64 and 6to4 carrying a private one, ULA, link-local.
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[0000:0000:0000:0000:0000:0000:0000:0001]:8080/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[0:0:0:0:0:ffff:192.168.1.1]/',
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::1]/',
    'http://[2002:7f00:1::]/',
    'http://[2002:c0a8:0101::1]/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[febf::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://[2001:db8::1]/',
    'http://[2001::1]/',
    'http://[100::1]/',
    'http://[4000::1]/',
    // Even a public IPv4 address written as IPv6: it works as itself.
    'http://[::ffff:8.8.8.8]/',
    'http://[::8.8.8.8]/',
    // Local names.
    'http://localhost/',
    'http://LOCALHOST./',
    'http://localhost:3000/',
    'http://api.localhost/',
    'http://printer.local/',
    'http://metadata.google.internal/',
    'http://router.home.arpa/',
    'http://nas.lan/',
    'http://intranet/',
    'http://fileserver./',
  ])('refuses %s', (url) => {
    expect(refusalOf(url)).toMatch(/only public addresses are fetched/);
  });

  it.each([
    'https://pictures.example.com/cat.png',
    'http://example.org/a/b.jpg?size=large#top',
    'https://example.com:8443/cat.png',
    'http://8.8.8.8/cat.png',
    'http://1.1.1.1:8080/',
    'http://134744072/',
    'http://100.128.0.1/',
    'http://172.32.0.1/',
    'http://192.169.0.1/',
    'http://169.255.0.1/',
    'https://[2606:4700:4700::1111]/',
    'https://[2a00:1450:4001:80b::200e]/',
    'http://[64:ff9b::8.8.8.8]/',
    'http://[2002:808:808::1]/',
    'https://xn--bcher-kva.example/',
    'https://bücher.example/',
    'https://localhost.example.com/',
    'https://local.example.com/',
  ])('lets %s through', (url) => {
    expect(refusalOf(url)).toBeNull();
  });

  it.each([
    ['ftp://example.com/cat.png', /not ftp/],
    ['file:///etc/passwd', /not file/],
    ['data:image/png;base64,AAAA', /not data/],
    ['javascript:alert(1)', /not javascript/],
    ['gopher://example.com/', /not gopher/],
    ['https://user:pass@example.com/cat.png', /user name or password/],
    ['https://user@example.com/cat.png', /user name or password/],
    ['https://:pass@example.com/cat.png', /user name or password/],
    ['example.com/cat.png', /not a web address/],
    ['//example.com/cat.png', /not a web address/],
    ['http://', /not a web address/],
    ['http://[::1/', /not a web address/],
    ['http://256.256.256.256/', /not a web address/],
    ['http://1.2.3.4.5/', /not a web address/],
    ['http://[fe80::1%25eth0]/', /not a web address/],
    [`https://example.com/${'a'.repeat(2100)}`, /longer than 2048 characters/],
  ])('refuses %s in its own words', (url, message) => {
    expect(refusalOf(url)).toMatch(message);
  });

  it('reads IPv4 numbers the way the URL standard does', () => {
    expect(parseIpv4('127.1')).toBe(0x7f000001);
    expect(parseIpv4('0x7f.1')).toBe(0x7f000001);
    expect(parseIpv4('0177.0.0.1')).toBe(0x7f000001);
    expect(parseIpv4('2130706433')).toBe(0x7f000001);
    expect(parseIpv4('0x')).toBe(0);
    expect(parseIpv4('1.2.3.256')).toBe(null);
    expect(parseIpv4('1.2.65536')).toBe(null);
    expect(parseIpv4('4294967296')).toBe(null);
    expect(parseIpv4('08.1.1.1')).toBe(null);
    expect(parseIpv4('example.com')).toBe(null);
  });

  it('reads IPv6 addresses into eight groups, a dotted tail included', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
    expect(parseIpv6('2001:db8::')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6('1::2::3')).toBe(null);
    expect(parseIpv6('1:2:3:4:5:6:7:8:9')).toBe(null);
    expect(parseIpv6('12345::')).toBe(null);
    expect(parseIpv6('::ffff:1.2.3')).toBe(null);
  });

  it('judges host names given without the URL parser too (a trailing dot, upper case)', () => {
    expect(hostRefusal('LocalHost.')).toMatch(/local name/);
    expect(hostRefusal('0x7F.1')).toMatch(/loopback/);
    expect(hostRefusal('[::FFFF:7F00:1]')).toMatch(/loopback/);
    expect(hostRefusal('example.com.')).toBeNull();
    // Every trailing dot is one name to a resolver; an empty label inside is none.
    expect(hostRefusal('localhost..')).toMatch(/local name/);
    expect(hostRefusal('127.0.0.1...')).toMatch(/loopback/);
    expect(hostRefusal('metadata.google.internal..')).toMatch(/local name/);
    expect(hostRefusal('example..com')).toMatch(/not an address/);
    expect(hostRefusal('.example.com')).toMatch(/not an address/);
    expect(hostRefusal('1.2.3.999')).toMatch(/not an address/);
  });
});
