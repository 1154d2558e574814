/**
 * The operator's bearer token (`METRICS_TOKEN`, ADR-0018): what `/metrics` requires and what
 * `/readyz` needs before it shows its detail (docs/architecture.md §9). One check, used by both.
 */
import type { Request } from 'express';
import { secretMatches } from '../crypto/safe-equal';

/**
 * A predicate: does the request carry `Authorization: Bearer {token}`? Always false when `token`
 * is null (no token configured: nobody is the operator).
 * Compared with `secretMatches`: no timing hint of the token or its length.
 */
export function operatorTokenCheck(token: string | null): (req: Request) => boolean {
  if (!token) return () => false;
  const expected = `Bearer ${token}`;
  return (req) => secretMatches(req.get('authorization') ?? '', expected);
}
