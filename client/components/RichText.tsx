/**
 * Rich text (spec §3): the HTML the server rendered from Portable Text
 * (server/upstream/content/rich-text.tsx), inserted as it is. It never changes in the browser, so
 * hydration keeps the server's nodes and no Portable Text renderer is shipped (ADR-0029). A
 * plain click on an in-app link in it (a root-relative href, same tab) is routed in the app, as
 * react-router's `<Link>` would; web, mail and phone links, modified clicks and new tabs are
 * left to the browser.
 */
import type { MouseEvent } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { isExternalHref } from '../../shared/links';
import type { RichText as RichTextValue } from '../../shared/types';

function followInAppLink(e: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  const anchor = (e.target as Element).closest('a[href]');
  if (!anchor || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const href = anchor.getAttribute('href') ?? '';
  if (isExternalHref(href) || (anchor.getAttribute('target') ?? '_self') !== '_self' || anchor.hasAttribute('download')) return;
  e.preventDefault();
  void navigate(href);
}

export function RichText({ value, className }: { value: RichTextValue | null | undefined; className?: string }) {
  const navigate = useNavigate();
  if (!value?.html) return null;
  return (
    // Clicks (Enter on a link is one) bubble up from the server's anchors to this div.
    <div
      className={`rich-text${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: value.html }}
      onClick={(e) => followInAppLink(e, navigate)}
    />
  );
}
