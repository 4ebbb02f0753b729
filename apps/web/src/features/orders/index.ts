/** The orders feature's public face: the deep service on a persona's chat page, 我的订单, and the two admin pages. */
export { DeepOffer, type DeepOfferProps } from './components/deep-offer';
export { OrdersPage } from './components/orders-page';
export { AdminOrdersPage } from './components/admin-orders-page';
export { OffersPage } from './components/offers-page';
