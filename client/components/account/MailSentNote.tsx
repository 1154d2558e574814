/**
 * What replaces a form whose answer is a mail (recover): the confirmation, taking
 * focus (the button that had it is gone), and in local mode the link to the mail inbox.
 */
import type { ReactNode } from 'react';
import type { MailSentResult } from '../../../shared/customer';
import { InboxLink } from './InboxLink';

const focus = (el: HTMLElement | null) => el?.focus();

export function MailSentNote({ title, result, children }: { title: string; result: MailSentResult; children: ReactNode }) {
  return (
    <div ref={focus} className="account-success" role="status" tabIndex={-1}>
      <p className="account-success__title">{title}</p>
      {children}
      <InboxLink url={result.inboxUrl} />
    </div>
  );
}
