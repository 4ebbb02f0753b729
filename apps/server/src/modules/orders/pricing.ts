import { PRODUCT_NAME, type DeepOffer } from '@lingxi/shared';

/** WeChat Pay's description is at most 127 bytes (UTF-8); Alipay's subject 256 characters. */
const DESCRIPTION_MAX_BYTES = 127;

export interface PricedOrder {
  amountFen: number;
  replies: number;
  title: string;
  includes: string[];
  /** What the payer's cashier and bill show. */
  description: string;
}

/** Cuts a text to at most `max` UTF-8 bytes without splitting a character. */
function cutBytes(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/**
 * The price of a deep service is the offer's, read on the server when the order is placed: nothing the client sends
 * can change it (the request has no price field at all). The order keeps a copy of what was bought, so a later
 * edit of the offer changes neither its price nor its reply count.
 */
export function priceOrder(offer: DeepOffer, personaTitle: string): PricedOrder {
  if (!Number.isSafeInteger(offer.price_fen) || offer.price_fen < 1) throw new RangeError(`bad offer price ${offer.price_fen}`);
  if (!Number.isSafeInteger(offer.replies) || offer.replies < 1) throw new RangeError(`bad offer replies ${offer.replies}`);
  return {
    amountFen: offer.price_fen,
    replies: offer.replies,
    title: offer.title,
    includes: [...offer.includes],
    description: cutBytes(`${PRODUCT_NAME}深度服务-${personaTitle}-${offer.title}`, DESCRIPTION_MAX_BYTES),
  };
}
