/** Paying on any device, shared by the tip dialog and the deep-service purchase (issue 14). */
export { payEnvironment, tradeTypeFor, unavailableReason, type PayEnvironment } from './device';
export { launchPayment, pageNavigation, type LaunchResult } from './launch';
export { returnedFromAuthorization, returnedOrder, returnPathFor, withoutReturnMarkers, type PaymentKind } from './return-path';
export { usePaymentPoll } from './use-payment-poll';
export { usePaymentFlow, type PaymentFlowOptions, type PaymentPhase } from './use-payment-flow';
