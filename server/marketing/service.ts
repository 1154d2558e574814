/**
 * The marketing service (docs/architecture.md §5 "subscriptions", §8 "outbox"): turns a checked
 * sign-up into the email marketing provider's calls (spec §7 "Email marketing provider") and
 * writes them to the durable outbox before anyone is told "Thank you". Delivery happens later,
 * in the outbox's worker, so a provider outage never loses a sign-up and never slows the answer.
 *
 * Every method resolves to the success text the shopper reads (spec §8 defaults, or the site
 * settings' own text) and throws:
 *   ShopperError 400             a list id the site does not offer
 *   UpstreamError 503            the lists the site offers are unknown (settings unreadable and none remembered)
 *   OutboxUnavailableError       neither Redis nor the spool could store it (answered 503; nothing accepted)
 */
import { randomUUID } from 'node:crypto';
import { MARKETING_MESSAGES as M, type MarketingCall, type OutboxMessage } from '../../shared/marketing';
import type { SiteSettings } from '../../shared/types';
import { ShopperError } from '../http/errors';
import { UpstreamError } from '../upstream/errors';
import { requestLog } from '../http/request-context';
import type { Cache } from '../cache';
import type { Logger } from '../logger';
import type { Outbox } from '../outbox/types';
import type { BackInStock, DropTheHint, Newsletter, Reserve } from './input';

export type MarketingServiceDeps = {
  outbox: Outbox;
  /** The current site settings, or null when they cannot be loaded (then the defaults apply). */
  settings: () => Promise<SiteSettings | null>;
  /** Where the offered lists are remembered for a content outage (the data cache); absent: nowhere. */
  cache?: Pick<Cache, 'get' | 'set'>;
  /** The hint and reserve lists (config `marketing`). */
  lists: { hintListId: string; reserveListId: string };
  log: Logger;
  /** Clock (tests); default `() => new Date()`. */
  now?: () => Date;
};

export type MarketingService = {
  /** Footer card (`origin` 'newsletter') or popup ('popup'). */
  subscribe(input: Newsletter, origin: 'newsletter' | 'popup'): Promise<string>;
  backInStock(input: BackInStock): Promise<string>;
  dropTheHint(input: DropTheHint): Promise<string>;
  reserve(input: Reserve, productTitle: string): Promise<string>;
};

/** How long the offered newsletter lists are remembered for a content outage (ms): 30 days. */
const REMEMBERED_LISTS_MS = 30 * 24 * 60 * 60_000;
const REMEMBERED_LISTS_KEY = 'marketing:offered-lists';

export function createMarketingService(deps: MarketingServiceDeps): MarketingService {
  const now = deps.now ?? (() => new Date());
  const log = () => requestLog(deps.log);

  /** Stores one sign-up; resolves once it is durable. The log names what, never who. */
  async function accept(origin: OutboxMessage['origin'], calls: (id: string, time: string) => MarketingCall[]): Promise<void> {
    const id = randomUUID();
    const acceptedAt = now().toISOString();
    await deps.outbox.enqueue({ id, acceptedAt, origin, calls: calls(id, acceptedAt) });
    log().info({ signUp: id, origin }, 'sign-up accepted');
  }

  const settings = async () => {
    try {
      return await deps.settings();
    } catch (err) {
      log().warn({ err }, 'site settings unavailable: sign-up texts and lists from defaults');
      return null;
    }
  };

  /**
   * The list ids the site offers (the footer card's and the popup's): from the settings, remembered
   * each time they are read; while the settings cannot be read, the remembered ones.
   * @throws UpstreamError 503 when neither is known: no list can be told from anyone else's
   */
  async function offeredLists(site: SiteSettings | null): Promise<string[]> {
    if (site) {
      const offered = [site.newsletter.klaviyoListId, site.newsletter.newsletterPopup?.klaviyoListId].filter((id): id is string => Boolean(id));
      await deps.cache
        ?.set(REMEMBERED_LISTS_KEY, offered, REMEMBERED_LISTS_MS)
        .catch((err: unknown) => log().warn({ err }, 'offered lists could not be remembered'));
      return offered;
    }
    const remembered = await deps.cache?.get<string[]>(REMEMBERED_LISTS_KEY).catch(() => undefined);
    if (remembered) return remembered;
    const refused = new UpstreamError('content', 503, 'site settings unavailable and no offered lists remembered: sign-up refused');
    refused.shopperMessage = M.failure;
    throw refused;
  }

  return {
    async subscribe(input, origin) {
      const site = await settings();
      // Only the lists the site offers: anyone else's list id is not ours to fill. Fails closed:
      // with the settings unreadable, the lists last read; with none, nothing is accepted.
      if (!(await offeredLists(site)).includes(input.klaviyoListId)) throw new ShopperError(400, M.unknownList);
      await accept(origin, () => [
        { kind: 'subscribe', listId: input.klaviyoListId, customSource: input.source, email: input.email, phoneNumber: input.phoneNumber },
      ]);
      // Spec §8: the configured success text, word for word, for the card and the popup alike;
      // only the defaults differ ("Thank You!", "Thank you!" in the popup).
      return site?.newsletter.newsletterSuccessMessage || (origin === 'popup' ? M.popupSuccess : M.newsletterSuccess);
    },

    async backInStock(input) {
      await accept('backInStock', () => [
        {
          kind: 'backInStock',
          variantId: input.variantId,
          email: input.email,
          phoneNumber: input.phoneNumber,
          channels: input.phoneNumber ? ['EMAIL', 'SMS'] : ['EMAIL'],
        },
      ]);
      return M.backInStockSuccess;
    },

    // Spec §7: a subscription to the fixed hint list with source "Drop the hint", with the
    // product, the visitor's name and the gifter's first name: Klaviyo's subscription jobs take
    // no profile properties, so they travel in a "Drop the hint" event on the gifter's profile,
    // which the provider's flow sends the hint from. (The browser's analytics event "Hint
    // Dropped", spec §7 "Marketing events", is a different metric: counted once each.)
    async dropTheHint(input) {
      await accept('hint', (id, time) => [
        { kind: 'subscribe', listId: deps.lists.hintListId, customSource: 'Drop the hint', email: input.gifterEmail },
        {
          kind: 'event',
          metric: 'Drop the hint',
          email: input.gifterEmail,
          firstName: input.gifterName,
          phoneNumber: input.phoneNumber,
          properties: {
            productHandle: input.productHandle,
            productTitle: input.productTitle,
            productImage: input.productImage ?? null,
            prospectiveReceiversName: input.name,
            updatedTime: time,
          },
          uniqueId: `${id}:1`,
          time,
        },
      ]);
      return M.hintSuccess;
    },

    async reserve(input, productTitle) {
      await accept('reserve', (id, time) => [
        {
          kind: 'subscribe',
          listId: deps.lists.reserveListId,
          customSource: `Reserve: ${input.productHandle}`,
          email: input.email,
          phoneNumber: input.phoneNumber,
        },
        {
          kind: 'event',
          metric: 'Reserved Product',
          email: input.email,
          phoneNumber: input.phoneNumber,
          properties: { productHandle: input.productHandle, productTitle },
          uniqueId: `${id}:1`,
          time,
        },
      ]);
      const site = await settings();
      return site?.pdpSettings.reserveProductSuccessMessage ?? M.reserveSuccess;
    },
  };
}
