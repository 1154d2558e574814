/**
 * Loopback addresses, for what answers this machine only (the local mode's developer pages,
 * server/http/local-proxy.ts): 127.0.0.0/8 and ::1, also written IPv4-mapped (`::ffff:127.0.0.1`,
 * as a dual-stack socket reports an IPv4 peer).
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` is a loopback address; false for anything that is not an IP address. */
export function isLoopback(address: string | null | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (!address || family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
