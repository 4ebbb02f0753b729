// The orders module's public surface: the pricing and counting rules other modules may reuse.
export { priceOrder, remainingAfter } from './pricing';
