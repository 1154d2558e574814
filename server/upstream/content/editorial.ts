/**
 * Editorial content (journal, works, photo stream, and the fixed pages' extras), parsed by
 * ./schemas.ts → shared view models. Links are resolved through shared/links.ts (spec §2),
 * images become Pictures and Portable Text goes through the ContentReshaper. Nothing here
 * throws on content: missing optional parts become nulls or empty lists.
 */
import { resolveRoute } from '../../../shared/links';
import type { ContactDetails, EditorialCard, JournalEntry, MembershipTier, PhotoStreamItem, RetailPartner, Work } from '../../../shared/types';
import type { ContentReshaper } from './reshape';
import type { RawEditorialCard, RawJournalEntry, RawPage, RawPhotoStreamItem, RawWork } from './schemas';

/** A non-empty string, else null (editors leave fields empty as ""). */
const s = (value: string | null | undefined): string | null => value || null;

/** The path of an item of `type` with `slug`, or null (shared/links.ts decides). */
const pathOf = (type: string, slug: string | null | undefined) => (slug ? resolveRoute({ _type: type, slug }) : null);

/** Editorial documents → view models, over the shared reshaper (images, rich text). */
export class EditorialReshaper {
  constructor(private readonly reshape: ContentReshaper) {}

  /** List cards in order; an item whose type has no route is left out. */
  cards(items: RawEditorialCard[]): EditorialCard[] {
    return items.flatMap((item) => {
      const href = pathOf(item._type, item.slug);
      if (!href) return [];
      const title = item.title ?? item.slug;
      return [
        {
          key: item._id,
          href,
          title,
          date: s(item.date),
          byline: s(item.author) ?? s(item.client),
          excerpt: s(item.excerpt) ?? s(item.caption),
          image: this.reshape.contentImages.picture(item.image, title),
        },
      ];
    });
  }

  journalEntry(raw: RawJournalEntry): JournalEntry {
    const title = raw.title ?? raw.slug;
    return {
      slug: raw.slug,
      title,
      date: s(raw.date),
      author: s(raw.author),
      excerpt: s(raw.excerpt),
      image: this.reshape.contentImages.picture(raw.mainImage, title),
      body: this.reshape.richText(raw.body),
    };
  }

  /** A work; gallery images without an asset are left out. */
  work(raw: RawWork): Work {
    const title = raw.title ?? raw.slug;
    return {
      slug: raw.slug,
      title,
      client: s(raw.client),
      date: s(raw.date),
      image: this.reshape.contentImages.picture(raw.mainImage, title),
      gallery: (raw.gallery ?? []).flatMap((image) => this.reshape.contentImages.picture(image, title) ?? []),
      body: this.reshape.richText(raw.body),
    };
  }

  photoStreamItem(raw: RawPhotoStreamItem): PhotoStreamItem {
    const title = raw.title ?? raw.slug;
    return {
      slug: raw.slug,
      title,
      caption: s(raw.caption),
      date: s(raw.date),
      image: this.reshape.contentImages.picture(raw.image, title),
      prev: pathOf('photoStreamItem', raw.newer),
      next: pathOf('photoStreamItem', raw.older),
    };
  }

  /** The contact page's details (all null on other page types). */
  contact(raw: RawPage): ContactDetails {
    return { email: s(raw.email), phone: s(raw.phone), address: s(raw.address), hours: s(raw.hours) };
  }

  /** Retail partners with a name, in stored order; a url that is not http(s) is dropped. */
  partners(raw: RawPage): RetailPartner[] {
    return (raw.partners ?? []).flatMap((p, i) =>
      p.name
        ? [{ key: p._key ?? `partner-${i}`, name: p.name, neighborhood: s(p.neighborhood), url: /^https?:\/\//.test(p.url ?? '') ? p.url! : null }]
        : [],
    );
  }

  /** Membership tiers with a name; prices are USD decimal strings. */
  tiers(raw: RawPage): MembershipTier[] {
    return (raw.tiers ?? []).flatMap((t, i) =>
      t.name
        ? [
            {
              key: t._key ?? `tier-${i}`,
              name: t.name,
              price: t.price ? { amount: t.price, currencyCode: 'USD' } : null,
              cadence: s(t.cadence),
              perks: t.perks ?? [],
            },
          ]
        : [],
    );
  }
}
