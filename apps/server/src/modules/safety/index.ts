// The safety module's public surface: what other modules may use.
// SafetyService.turnGate: the chat turn, before the model. SafetyService.assertMayPay: every path that creates a payment
// (tips, paid services) calls it before the payment exists; in minor mode it throws a 451 with a Chinese message.
export type { PersonaSafety, SafetyService, TurnGateCheck } from './service';
