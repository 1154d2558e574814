/**
 * The gift toggle (spec §4) expanding the card message (at most GIFT_NOTE_MAX characters, with
 * a live "n/500" counter) and the receiver's email: the "Order Message" and "Receiver Email"
 * attributes saved at checkout.
 */
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { GIFT_NOTE_MAX } from '../../../shared/cart-attributes';
import type { SiteSettings } from '../../../shared/types';
import { useStores } from '../../stores';

export const GiftNote = observer(function GiftNote({ cartData }: { cartData: SiteSettings['cartData'] }) {
  const { checkout } = useStores();
  const id = useId();
  return (
    <div className="gift-note">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={checkout.isGift}
          aria-controls={`${id}-area`}
          onChange={(e) => checkout.setGift(e.target.checked)}
        />
        <span>{cartData.giftInquiryMessage || 'Is this order a gift?'}</span>
      </label>
      <div id={`${id}-area`} className="gift-note__area" hidden={!checkout.isGift}>
        <label className="field">
          <span className="field__label">{cartData.messageIncludeInquiry || 'Gift message'}</span>
          <textarea
            name="giftNote"
            rows={4}
            maxLength={GIFT_NOTE_MAX}
            value={checkout.giftNote}
            aria-describedby={`${id}-count`}
            onChange={(e) => checkout.setGiftNote(e.target.value)}
          />
        </label>
        <p id={`${id}-count`} className="field__count" aria-live="polite">
          {checkout.giftNote.length}/{GIFT_NOTE_MAX}
        </p>
        <label className="field">
          <span className="field__label">Receiver email</span>
          <input
            type="email"
            name="receiverEmail"
            autoComplete="off"
            value={checkout.receiverEmail}
            onChange={(e) => checkout.setReceiverEmail(e.target.value)}
          />
        </label>
      </div>
    </div>
  );
});
