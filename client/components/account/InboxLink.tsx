/**
 * Local mode only (shared/customer.ts MailSentResult): the link to the emulator's mail inbox,
 * where the password-reset mail the platform would send can be opened. Nothing live.
 */
export function InboxLink({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <p className="account-inbox">
      <a href={url} target="_blank" rel="noopener noreferrer">
        Open the local mail inbox
      </a>
    </p>
  );
}
