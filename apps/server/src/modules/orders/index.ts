// The orders module's public surface: the pricing rule other modules may reuse.
export { priceOrder } from './pricing';
