/**
 * Settings the shop accepts but an operator should hear about at start (server/index.ts logs each
 * as one `warn` line): a valid configuration that switches something off (no read token for the
 * private content documents, a rate limit tier set to `off`).
 */
import { rateLimitVariable, type Config } from './config';
import { RATE_LIMIT_TIERS, TIER_OFF } from './http/rate-limit-tiers';

/**
 * @param config the loaded configuration (server/config.ts)
 * @returns one plain-English sentence per warning, naming the variable to change; empty when
 *   nothing is off
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.content.token === null) {
    // The passwords are private documents (ids under `secrets.`), readable with a token only.
    warnings.push(
      'SANITY_READ_TOKEN is not set: password-protected product cards cannot be unlocked ' +
        '(their passwords are private secrets.* documents, content/FORMAT.md).',
    );
  }
  for (const tier of RATE_LIMIT_TIERS) {
    if (config.rateLimits[tier] !== TIER_OFF) continue;
    warnings.push(
      `${rateLimitVariable(tier)}=off: the ${tier} rate limit is switched off; one client IP may send any number of ` +
        'these requests (keep it off only behind a limiter of your own).',
    );
  }
  return warnings;
}
