/**
 * The frame of the sign-in screens (spec §2 /accounts/login, /register, /activate,
 * /forgot-password, /reset-password): one narrow card with the heading, an optional intro, the
 * form and the links to the neighbouring screens.
 */
import type { ReactNode } from 'react';

export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="container account-auth">
      <div className="account-card">
        <h1>{title}</h1>
        {intro && <p className="account-card__intro">{intro}</p>}
        {children}
        {footer && <div className="account-card__footer">{footer}</div>}
      </div>
    </section>
  );
}
