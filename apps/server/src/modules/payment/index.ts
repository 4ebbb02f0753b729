// The payment module's public surface: the rails tips and paid services share (issue 14).
export { createPaymentRails, registerPaymentModule, type PaymentRails } from './module';
export { officialAccountPayer } from './payer';
export {
  NO_PAYER_IDENTITY,
  returnUrlFor,
  type PayerIdentity,
  type PaymentEngine,
  type PaymentPurpose,
  type PaymentRequest,
  type PurchaseGuard,
} from './service';
export type { Fulfil, PaymentPurposeKey } from './repository';
