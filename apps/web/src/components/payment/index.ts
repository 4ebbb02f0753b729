/** The payment views shared by the tip dialog and the deep-service purchase (issue 14). */
export { LeaveConfirm } from './leave-confirm';
export { MethodPicker } from './method-picker';
export { PaymentQrView } from './payment-qr-view';
export { PhonePayView } from './phone-pay-view';
