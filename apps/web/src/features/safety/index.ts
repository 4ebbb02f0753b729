// The safety feature's parts that app/ composes into other features' pages (features never import each other).
export { EmergencyAlertAction } from './components/emergency-alert-action';
export { EmergencyContactCard } from './components/emergency-contact-card';
export { FilingInfo } from './components/filing-info';
export { MinorModeCard } from './components/minor-mode-card';
export { MyReportsCard } from './components/my-reports-card';
export { ReportAction } from './components/report-action';
export { ReportQueuePage } from './components/report-queue-page';
export { SafetyGuard, type GateRequest, type SafetyGuardProps } from './components/safety-guard';
