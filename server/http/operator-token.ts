/**
 * The operator's bearer token (`METRICS_TOKEN`, ADR-0018): what `/metrics` requires and what
 * `/readyz` needs before it shows its detail (docs/architecture.md §9). One check, used by both.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * A predicate: does the request carry `Authorization: Bearer {token}`? Always false when `token`
 * is null (no token configured: nobody is the operator).
 * Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no timing hint of the token.
 */
export function operatorTokenCheck(token: string | null): (req: Request) => boolean {
  if (!token) return () => false;
  const expected = sha256(`Bearer ${token}`);
  return (req) => timingSafeEqual(sha256(req.get('authorization') ?? ''), expected);
}
