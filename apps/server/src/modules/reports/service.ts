import {
  maskPhone,
  type AdminReportView,
  type CreateReportBody,
  type ReportReason,
  type ReportStatus,
  type ReportView,
} from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentReportRow, UserRow } from '../../db/schema';
import { conflict, notFound, tooMany } from '../../lib/errors';
import type { ModerationService } from '../moderation';
import type { ReportRepository } from './repository';

const EXCERPT_MAX = 4000;
const MY_REPORTS_MAX = 100;
/** Turns shown around a reported reply: the question before it and a little of what led there. */
const CONTEXT_BEFORE = 5;
const CONTEXT_AFTER = 1;

export function toReportView(r: ContentReportRow): ReportView {
  return {
    id: r.id,
    session_id: r.sessionId,
    order: r.orderNum,
    service_type: r.serviceType,
    reason: r.reason as ReportReason,
    detail: r.detail,
    reply_excerpt: r.replyExcerpt,
    status: r.status as ReportStatus,
    resolution_note: r.resolutionNote,
    created_at: r.createdAt.toISOString(),
    resolved_at: r.resolvedAt?.toISOString() ?? null,
  };
}
const toAdminView = (x: { report: ContentReportRow; phone: string | null }): AdminReportView => ({
  ...toReportView(x.report),
  reporter_phone: x.phone ? maskPhone(x.phone) : null,
});

/** 举报 (generative AI measures: a complaint channel with handling and feedback) and the administrators' queue. */
export function createReportService(d: {
  repo: ReportRepository;
  moderation: ModerationService;
  limits: { pendingPerUser: number; perDay: number };
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  return {
    async create(user: UserRow, b: CreateReportBody): Promise<ReportView> {
      const now = d.now();
      const reply = await d.repo.ownReply(user.id, b.session_id, b.order);
      if (!reply) throw notFound('要举报的回复不存在');
      const c = await d.repo.counts(user.id, new Date(now.getTime() - 86_400_000));
      if (c.pending >= d.limits.pendingPerUser) throw tooMany('您有较多举报正在处理中，请等待处理结果后再提交');
      if (c.recent >= d.limits.perDay) throw tooMany('今日举报次数已达上限，请明天再试');
      const detail = b.detail?.trim() || null;
      if (detail) await d.moderation.assertClean(detail, { scene: 'report', userId: user.id, sessionId: b.session_id });
      const row = await d.repo.insert({
        userId: user.id,
        sessionId: b.session_id,
        orderNum: b.order,
        serviceType: reply.serviceType,
        reason: b.reason,
        detail,
        replyExcerpt: reply.content.slice(0, EXCERPT_MAX),
        createdAt: now,
      });
      if (!row) throw conflict('您已举报过这条回复，我们会尽快处理');
      d.log.info({ report: row.id, reason: b.reason }, 'report received');
      return toReportView(row);
    },

    async mine(user: UserRow): Promise<ReportView[]> {
      return (await d.repo.mine(user.id, MY_REPORTS_MAX)).map(toReportView);
    },

    async queue(q: { status?: ReportStatus; reason?: ReportReason; page: number; page_size: number }) {
      const { rows, total } = await d.repo.queue({ status: q.status, reason: q.reason, page: q.page, pageSize: q.page_size });
      return { records: rows.map(toAdminView), total };
    },

    async detail(id: string) {
      const found = await d.repo.find(id);
      if (!found) throw notFound('举报不存在');
      const { report } = found;
      const rows = await d.repo.context(report.sessionId, report.orderNum - CONTEXT_BEFORE, report.orderNum + CONTEXT_AFTER);
      return {
        report: toAdminView(found),
        context: rows.length
          ? rows.map((m) => ({
              order: m.order,
              role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const),
              content: m.content,
              status: m.status,
              timestamp: m.time.toISOString(),
            }))
          : null,
      };
    },

    async resolve(admin: UserRow, id: string, b: { status: 'resolved' | 'dismissed'; note: string }) {
      const row = await d.repo.resolve(id, { status: b.status, note: b.note.trim(), resolverId: admin.id, now: d.now() });
      if (!row) {
        if (!(await d.repo.find(id))) throw notFound('举报不存在');
        throw conflict('该举报已处理');
      }
      d.log.info({ report: id, status: b.status }, 'report resolved');
      return toReportView(row);
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
