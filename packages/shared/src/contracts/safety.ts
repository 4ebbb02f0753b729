import { z } from 'zod';
import { REPORT_DETAIL_MAX, REPORT_NOTE_MAX, SAFETY_MSG } from '../rules/safety';
import { MSG, SMS_CODE_PATTERN, phoneField, requiredString } from '../validation';
import { envelope } from './common';

export * from '../rules/safety';

/** Safety and compliance (issue #13): reports, minor mode, AI disclosure and breaks, emergency contact, filing. */

export const reportReason = z.enum(['illegal', 'sexual', 'false_info', 'inducement', 'other'], { error: '请选择举报原因' });
export type ReportReason = z.infer<typeof reportReason>;
export const reportStatus = z.enum(['pending', 'resolved', 'dismissed']);
export type ReportStatus = z.infer<typeof reportStatus>;

export const createReportBody = z.object({
  session_id: requiredString('请提供会话ID').pipe(z.string().max(64, { error: '会话不存在' })),
  order: z.number({ error: '请指定被举报的回复' }).int({ error: '请指定被举报的回复' }).min(1, { error: '请指定被举报的回复' }),
  reason: reportReason,
  detail: z
    .string()
    .trim()
    .max(REPORT_DETAIL_MAX, { error: `举报说明不能超过${REPORT_DETAIL_MAX}个字` })
    .optional()
    .nullable(),
});
export type CreateReportBody = z.input<typeof createReportBody>;

export const reportView = z.object({
  id: z.string(),
  session_id: z.string(),
  order: z.number().int(),
  service_type: z.string().nullable(),
  reason: reportReason,
  detail: z.string().nullable(),
  /** The reported reply as it was when reported. */
  reply_excerpt: z.string(),
  status: reportStatus,
  resolution_note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type ReportView = z.infer<typeof reportView>;
export const reportResponse = envelope(reportView);
export const myReportsResponse = envelope(z.array(reportView));

export const reportQueueQuery = z.object({
  status: reportStatus.optional(),
  reason: reportReason.optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type ReportQueueQuery = z.input<typeof reportQueueQuery>;
export const adminReportView = reportView.extend({ reporter_phone: z.string().nullable() });
export type AdminReportView = z.infer<typeof adminReportView>;
export const reportQueueResponse = envelope(z.object({ records: z.array(adminReportView), total: z.number().int() }));

export const reportContextMessage = z.object({
  order: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: z.string(),
  timestamp: z.string(),
});
export const reportDetailResponse = envelope(
  z.object({
    report: adminReportView,
    /** The turns around the reported reply; null when the user has since deleted the conversation. */
    context: z.array(reportContextMessage).nullable(),
  }),
);
export const reportIdParams = z.object({ id: z.uuid({ error: '举报不存在' }) });
export const resolveReportBody = z.object({
  status: z.enum(['resolved', 'dismissed'], { error: '请选择处理结果' }),
  note: requiredString('请填写处理说明').pipe(z.string().max(REPORT_NOTE_MAX, { error: `处理说明不能超过${REPORT_NOTE_MAX}个字` })),
});
export type ResolveReportBody = z.input<typeof resolveReportBody>;

const codeField = requiredString(MSG.codeRequired).pipe(z.string().regex(SMS_CODE_PATTERN, { error: MSG.codeSixDigits }));
export const birthYearField = z
  .number({ error: SAFETY_MSG.birthYearInvalid })
  .int({ error: SAFETY_MSG.birthYearInvalid })
  .min(1900, { error: SAFETY_MSG.birthYearInvalid })
  .max(2100, { error: SAFETY_MSG.birthYearInvalid })
  // Not after this year in Beijing (the server checks again with its own clock).
  .refine((y) => y <= new Date(Date.now() + 8 * 3_600_000).getUTCFullYear(), { error: SAFETY_MSG.birthYearInvalid });

/** PUT /account/age. Guardian phone and code are needed to change the year once minor mode is on. */
export const declareAgeBody = z.object({
  birth_year: birthYearField,
  guardian_phone: phoneField.optional(),
  guardian_code: codeField.optional(),
});
export type DeclareAgeBody = z.input<typeof declareAgeBody>;
export const guardianCodeBody = z.object({ guardian_phone: phoneField });
export type GuardianCodeBody = z.input<typeof guardianCodeBody>;
export const guardianVerifyBody = z.object({ guardian_phone: phoneField, code: codeField });
export type GuardianVerifyBody = z.input<typeof guardianVerifyBody>;

export const emergencyContactBody = z.object({
  name: requiredString('请输入联系人称呼').pipe(z.string().max(20, { error: '联系人称呼不能超过20个字' })),
  phone: phoneField,
});
export type EmergencyContactBody = z.input<typeof emergencyContactBody>;
/** The SMS goes out only with confirm: true, sent after the user tapped 确认 on the crisis card. */
export const emergencyAlertBody = z.object({
  session_id: requiredString('请提供会话ID').pipe(z.string().max(64)),
  confirm: z.literal(true, { error: '请先确认是否通知紧急联系人' }),
});
export type EmergencyAlertBody = z.input<typeof emergencyAlertBody>;
export const emergencyAlertResponse = envelope(z.object({ sent_at: z.string(), contact_name: z.string() }));

export const acknowledgeBody = z.object({ kind: z.enum(['disclosure', 'break'], { error: '确认类型不正确' }) });
export type AcknowledgeBody = z.input<typeof acknowledgeBody>;

export const minorStatus = z.object({
  active: z.boolean(),
  birth_year: z.number().int().nullable(),
  /** under14 needs a verified guardian before anything is used. */
  band: z.enum(['adult', 'minor', 'under14']).nullable(),
  guardian_required: z.boolean(),
  guardian_verified: z.boolean(),
  guardian_phone: z.string().nullable(),
  daily_minutes: z.number().int(),
  used_minutes_today: z.number().int(),
  night_start_hour: z.number().int(),
  night_end_hour: z.number().int(),
});
export type MinorStatus = z.infer<typeof minorStatus>;
export const safetyStatus = z.object({
  minor: minorStatus,
  /** The 你正在和AI对话 notice still needs acknowledging in this sign-in. */
  disclosure_required: z.boolean(),
  break_due: z.boolean(),
  continuous_minutes: z.number().int(),
  break_after_minutes: z.number().positive(),
  emergency_contact: z.object({ name: z.string(), phone: z.string() }).nullable(),
});
export type SafetyStatus = z.infer<typeof safetyStatus>;
export const safetyStatusResponse = envelope(safetyStatus);

/** GET /site/filing: the footer's and about page's filing numbers, each only when configured. */
export const siteFiling = z.object({
  icp: z.object({ number: z.string(), url: z.string() }).nullable(),
  public_security: z.object({ number: z.string(), url: z.string() }).nullable(),
  generative_ai: z.array(z.object({ model: z.string(), number: z.string() })),
});
export type SiteFiling = z.infer<typeof siteFiling>;
export const siteFilingResponse = envelope(siteFiling);

/**
 * The implicit label of GB 45438-2025 (metadata of generated content): AIGC marks it as generated (Label "1"), names
 * the producer and a content id. Carried by the personal-data export and any PNG we generate (a tEXt chunk "AIGC").
 */
export const aigcMetadata = z.object({
  Label: z.string(),
  ContentProducer: z.string(),
  ProduceID: z.string(),
  ReservedCode1: z.string(),
  ContentPropagator: z.string(),
  PropagateID: z.string(),
  ReservedCode2: z.string(),
});
export type AigcMetadata = z.infer<typeof aigcMetadata>;
