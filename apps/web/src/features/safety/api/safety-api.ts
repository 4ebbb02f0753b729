import type {
  AcknowledgeBody,
  CreateReportBody,
  DeclareAgeBody,
  EmergencyContactBody,
  emergencyAlertResponse,
  myReportsResponse,
  reportDetailResponse,
  ReportReason,
  ReportStatus,
  reportQueueResponse,
  reportResponse,
  ResolveReportBody,
  safetyStatusResponse,
  sendSmsCodeResponse,
  siteFilingResponse,
} from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

type Status = Answer<typeof safetyStatusResponse>['data'];

/** The safety endpoints (issue #13), one function each. */
export const safetyApi = {
  status: async (signal?: AbortSignal): Promise<Status> =>
    (await apiClient.get<Answer<typeof safetyStatusResponse>>('/safety/status', { signal })).data,
  heartbeat: async (): Promise<Status> => (await apiClient.post<Answer<typeof safetyStatusResponse>>('/safety/heartbeat')).data,
  acknowledge: async (kind: AcknowledgeBody['kind']): Promise<Status> =>
    (await apiClient.post<Answer<typeof safetyStatusResponse>>('/safety/acknowledge', { kind })).data,
  declareAge: async (body: DeclareAgeBody): Promise<Status> =>
    (await apiClient.put<Answer<typeof safetyStatusResponse>>('/account/age', body)).data,
  sendGuardianCode: async (guardian_phone: string) =>
    (await apiClient.post<Answer<typeof sendSmsCodeResponse>>('/account/guardian/send-code', { guardian_phone })).data,
  verifyGuardian: async (guardian_phone: string, code: string): Promise<Status> =>
    (await apiClient.post<Answer<typeof safetyStatusResponse>>('/account/guardian/verify', { guardian_phone, code })).data,
  setEmergencyContact: async (body: EmergencyContactBody): Promise<Status> =>
    (await apiClient.put<Answer<typeof safetyStatusResponse>>('/safety/emergency-contact', body)).data,
  removeEmergencyContact: async (): Promise<Status> =>
    (await apiClient.delete<Answer<typeof safetyStatusResponse>>('/safety/emergency-contact')).data,
  alertEmergencyContact: async (session_id: string) =>
    (await apiClient.post<Answer<typeof emergencyAlertResponse>>('/safety/emergency-alert', { session_id, confirm: true })).data,
  report: async (body: CreateReportBody) => (await apiClient.post<Answer<typeof reportResponse>>('/reports', body)).data,
  myReports: async (signal?: AbortSignal) => (await apiClient.get<Answer<typeof myReportsResponse>>('/reports/mine', { signal })).data,
  reportQueue: async (q: { status?: ReportStatus; reason?: ReportReason; page: number; page_size: number }, signal?: AbortSignal) =>
    (await apiClient.get<Answer<typeof reportQueueResponse>>('/admin/reports', { params: { ...q }, signal })).data,
  reportDetail: async (id: string, signal?: AbortSignal) =>
    (await apiClient.get<Answer<typeof reportDetailResponse>>(`/admin/reports/${encodeURIComponent(id)}`, { signal })).data,
  resolveReport: async (id: string, body: ResolveReportBody) =>
    (await apiClient.post<Answer<typeof reportResponse>>(`/admin/reports/${encodeURIComponent(id)}/resolve`, body)).data,
  filing: async (signal?: AbortSignal) => (await apiClient.get<Answer<typeof siteFilingResponse>>('/site/filing', { signal })).data,
};
export type SafetyStatusData = Status;
