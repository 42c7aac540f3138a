/**
 * The optional allow-list of hosts a datasource may connect to (setting `datasourceHosts`).
 *
 * Entries are host names (`db.example.com`), wildcards for every name below a domain
 * (`*.example.com`, which does not match `example.com` itself), IP addresses and CIDR ranges
 * (`10.0.0.0/8`, `fd00::/8`).
 *
 * The check is on the host as written in jdbc.url, never on what it resolves to: a name is
 * allowed only by a name entry, and an IP or CIDR entry allows only hosts written as IP
 * addresses. Resolving the name here would not bind the connection: the driver resolves it
 * again when it connects, and the answer may differ by then (DNS rebinding, round-robin records,
 * short TTLs), so a name that resolved into an allowed range at the check could connect
 * anywhere. Pinning the connection to the checked address would break TLS host-name
 * verification and SQL Server's named-instance lookup. Listing a name therefore means trusting
 * whoever controls its DNS, which is the administrator's explicit choice.
 *
 * Hosts that only look like names but that the system resolver reads as IPv4 addresses
 * (`127.1`, `2130706433`, `0x7f.0.0.1`) would slip past both kinds of entry, so while the list
 * is set they are refused: an address must be written in dotted-decimal form.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';
import { badRequest } from '../errors';
import type { ConnectionSpec } from '../connectors/connection_spec';

const NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** Why `entry` cannot be an allow-list entry, or null. */
export function hostEntryProblem(entry: string): string | null {
  const text = entry.trim().toLowerCase();
  const slashAt = text.indexOf('/');
  if (slashAt >= 0) {
    const address = text.slice(0, slashAt);
    const bits = text.slice(slashAt + 1);
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    if (family === 0 || !/^\d{1,3}$/.test(bits) || Number(bits) > max) {
      return `[${entry}] is not a CIDR range such as 10.0.0.0/8 or fd00::/8`;
    }
    return null;
  }
  if (isIP(text) !== 0) return null;
  const name = text.startsWith('*.') ? text.slice(2) : text;
  if (!NAME.test(name) || looksNumeric(name)) {
    return `[${entry}] is not a host name, a *.domain wildcard, an IP address or a CIDR range`;
  }
  return null;
}

/** A host the resolver would read as an IPv4 address although it is not in dotted-decimal form. */
function looksNumeric(host: string): boolean {
  const last = host.slice(host.lastIndexOf('.') + 1);
  return /^(\d+|0x[0-9a-f]*)$/i.test(last);
}

export class DatasourceHostPolicy {
  private readonly addresses = new BlockList();
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];

  /** `entries` undefined: any host is allowed. Entries are checked by the settings schema. */
  constructor(private readonly entries: readonly string[] | undefined) {
    for (const raw of entries ?? []) {
      const entry = raw.trim().toLowerCase();
      const slashAt = entry.indexOf('/');
      if (slashAt >= 0) {
        const address = entry.slice(0, slashAt);
        const type = isIPv4(address) ? 'ipv4' : 'ipv6';
        this.addresses.addSubnet(address, Number(entry.slice(slashAt + 1)), type);
      } else if (isIP(entry) !== 0) {
        this.addresses.addAddress(entry, isIPv4(entry) ? 'ipv4' : 'ipv6');
      } else if (entry.startsWith('*.')) {
        this.suffixes.push(entry.slice(1));
      } else {
        this.names.add(entry);
      }
    }
  }

  /** Whether the setting is given at all (unset: every host is allowed, nothing to check). */
  get restricts(): boolean {
    return this.entries !== undefined;
  }

  /** Throws a 400 naming the host and the setting when `spec` connects to a host not listed. */
  check(spec: ConnectionSpec): void {
    if (this.entries === undefined || spec.kind === 'sqlite') return;
    if (this.allows(spec.host)) return;
    throw badRequest(
      `the host [${spec.host}] of jdbc.url is not allowed by the datasourceHosts setting ` +
        '(federation.datasourceHosts, or FEDERATION_DATASOURCE_HOSTS standalone); use a listed ' +
        'host, or ask an administrator to add it (IP addresses are matched only by IP and CIDR ' +
        'entries, host names only by name entries)'
    );
  }

  allows(hostText: string): boolean {
    if (this.entries === undefined) return true;
    const host = hostText.toLowerCase();
    const family = isIP(host);
    if (family !== 0) return this.addresses.check(host, family === 4 ? 'ipv4' : 'ipv6');
    if (looksNumeric(host)) return false;
    if (this.names.has(host)) return true;
    return this.suffixes.some((suffix) => host.endsWith(suffix));
  }
}
