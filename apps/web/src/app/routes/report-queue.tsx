import { ReportQueuePage } from '@/features/safety/components/report-queue-page';

/** /admin/reports: the report queue (the server answers 403 to anyone not in ADMIN_PHONES). */
export function ReportQueueRoute() {
  return <ReportQueuePage />;
}
