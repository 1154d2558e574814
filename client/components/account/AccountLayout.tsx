/**
 * The frame of the protected account screens (spec §2 /accounts/account, /addresses, /orders,
 * /orders/{n}): the page heading, the account navigation beside the content on wide screens and
 * above it on narrow ones.
 */
import type { ReactNode } from 'react';
import { AccountNav } from './AccountNav';

export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container account">
      <header className="account__header">
        <p className="eyebrow">Your account</p>
        <h1>{title}</h1>
      </header>
      <div className="account__layout">
        <AccountNav />
        <div className="account__main">{children}</div>
      </div>
    </section>
  );
}
