import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a unit's mail server may be (issue 42): an operator types the host, and the server connects to it with the
 * unit's password and reports back. Unchecked, that is a way to reach what only the server can reach: the cloud's
 * metadata service (169.254.169.254), the office network's machines. So the host must resolve to a public address or
 * the loopback (a mail server on the same machine is common); a private network needs the owner's word
 * (MAIL_ALLOW_PRIVATE_HOSTS); link-local, multicast and reserved addresses never do.
 */
export interface MailHostPolicy {
  allowPrivate: boolean;
}

export type AddressClass = 'public' | 'loopback' | 'private' | 'never';

function blockList(ipv4: [string, number][], ipv6: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [network, bits] of ipv4) list.addSubnet(network, bits, 'ipv4');
  for (const [network, bits] of ipv6) list.addSubnet(network, bits, 'ipv6');
  return list;
}

const NEVER = blockList(
  [
    ['0.0.0.0', 8],
    ['169.254.0.0', 16],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ],
  [
    ['::', 128],
    ['fe80::', 10],
    ['ff00::', 8],
  ],
);
const LOOPBACK = blockList([['127.0.0.0', 8]], [['::1', 128]]);
const PRIVATE = blockList(
  [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    // Carrier-grade NAT: the provider's network, not the internet.
    ['100.64.0.0', 10],
  ],
  [['fc00::', 7]],
);

/** An IPv6 address as its eight 16-bit groups (an embedded dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  const text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  const hex = dotted ? text.slice(0, -dotted[1].length) + ipv4Groups(dotted[1]) : text;
  const [head, tail] = hex.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function ipv4Groups(address: string): string {
  const [a, b, c, d] = address.split('.').map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * The IPv4 address an IPv6 one carries, where it only wraps one: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96)
 * and the old IPv4-compatible form (::/96). A wrapped address is judged as the IPv4 address it reaches.
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  const prefix = groups.slice(0, 6).join(':');
  const wraps = prefix === '0:0:0:0:0:65535' || prefix === '100:65435:0:0:0:0' || (prefix === '0:0:0:0:0:0' && (groups[6] !== 0 || groups[7] > 1));
  if (!wraps) return undefined;
  return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
}

/** What kind of address an IP address is, for deciding whether mail may be sent there. */
export function addressClass(address: string): AddressClass {
  const family = isIP(address);
  if (family === 0) return 'never';
  const ipv4 = family === 4 ? address : embeddedIpv4(address);
  const [ip, type] = ipv4 ? [ipv4, 'ipv4' as const] : [address.replace(/%.*$/, ''), 'ipv6' as const];
  if (NEVER.check(ip, type)) return 'never';
  if (LOOPBACK.check(ip, type)) return 'loopback';
  if (PRIVATE.check(ip, type)) return 'private';
  return 'public';
}

/** A mail server the policy does not allow, or one that cannot be found; `msg` says which and why. */
export class MailHostRefused extends Error {
  constructor(
    message: string,
    /** Not found (DNS): may work later. Not allowed: will not. */
    readonly temporary: boolean,
  ) {
    super(message);
  }
}

/** The address to connect to, checked, and the name its TLS certificate must carry. */
export interface CheckedMailHost {
  address: string;
  servername?: string;
}

/**
 * Resolves `host` (every address it has, IPv4 and IPv6) and refuses it when any is not allowed, since the
 * connection could go to any of them. The caller connects to the address answered, not to the name again, so a
 * second lookup cannot answer differently (DNS rebinding).
 */
export async function checkedMailHost(host: string, policy: MailHostPolicy): Promise<CheckedMailHost> {
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(literal)) addresses = [literal];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((found) => found.address);
    } catch {
      throw new MailHostRefused(`The mail server ${host} could not be found: check its name.`, true);
    }
  }
  for (const address of addresses) {
    const kind = addressClass(address);
    const at = address === literal ? host : `${host} (${address})`;
    if (kind === 'never') {
      throw new MailHostRefused(`The mail server ${at} is at a link-local, multicast or reserved address: mail is never sent there.`, false);
    }
    if (kind === 'private' && !policy.allowPrivate) {
      throw new MailHostRefused(
        `The mail server ${at} is on a private network: sending there needs MAIL_ALLOW_PRIVATE_HOSTS=1 in the server's configuration.`,
        false,
      );
    }
  }
  if (addresses.length === 0) throw new MailHostRefused(`The mail server ${host} could not be found: check its name.`, true);
  return { address: addresses[0], ...(isIP(literal) ? {} : { servername: host }) };
}
