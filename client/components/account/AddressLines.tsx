/** An address as the platform formats it (spec §3 Address `formatted`), one line each. */
import type { Address } from '../../../shared/customer';

export function AddressLines({ address, className }: { address: Address; className?: string }) {
  return (
    <address className={`address-lines${className ? ` ${className}` : ''}`}>
      {address.formatted.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}
