/**
 * A phone payment leaves our page for the provider's cashier and comes back to `return_path` with `pay_order=<id>`
 * added by the server. `pay=<kind>` in the path says which feature's payment it was (a tip, a deep service), so the
 * feature that started it picks it up again.
 */
export type PaymentKind = 'tip' | 'deep';

export function returnPathFor(kind: PaymentKind, location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  const params = new URLSearchParams(location.search);
  params.delete('pay');
  params.delete('pay_order');
  params.set('pay', kind);
  return `${location.pathname}?${params.toString()}`;
}

/** The order a returning payer paid (or gave up on), when the address says it was this kind. */
export function returnedOrder(kind: PaymentKind, search: string = window.location.search): string | null {
  const params = new URLSearchParams(search);
  const id = params.get('pay_order');
  return params.get('pay') === kind && id && /^[0-9a-f]{6,64}$/i.test(id) ? id : null;
}

/**
 * Back from the official account's silent authorisation (JSAPI needs the payer's openid): the payment of this kind
 * starts again from its first step (a consent is given per order).
 */
export function returnedFromAuthorization(kind: PaymentKind, search: string = window.location.search): boolean {
  const params = new URLSearchParams(search);
  return params.get('pay') === kind && !params.get('pay_order') && Boolean(params.get('wechat_oa'));
}

/** The address without the payment markers (and the Alipay return's own parameters), for history.replaceState. */
export function withoutReturnMarkers(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  const params = new URLSearchParams(location.search);
  for (const key of [...params.keys()]) {
    if (
      [
        'pay',
        'pay_order',
        'wechat_oa',
        'charset',
        'out_trade_no',
        'method',
        'total_amount',
        'sign',
        'trade_no',
        'auth_app_id',
        'version',
        'app_id',
        'sign_type',
        'seller_id',
        'timestamp',
      ].includes(key)
    )
      params.delete(key);
  }
  const qs = params.toString();
  return `${location.pathname}${qs ? `?${qs}` : ''}${location.hash}`;
}
