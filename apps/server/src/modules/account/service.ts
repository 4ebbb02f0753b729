import type { ReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import { aigcMetadata } from '../../lib/aigc-label';
import { AppError, badRequest, tooMany } from '../../lib/errors';
import type { SmsService } from '../sms';
import type { AccountConfig } from './config';
import { writeExportDocument } from './export-document';
import { ExportTooLarge, openExportFile, type ExportFile } from './export-file';
import type { ExportRepository } from './export-repository';
import type { AccountRepository } from './repository';

/** A finished export, ready to send: its bytes, already gone from the directory (the open stream still reads them). */
export interface ReadyExport {
  stream: ReadStream;
  bytes: number;
  filename: string;
}

export interface AccountServiceDeps {
  repo: AccountRepository;
  exports: ExportRepository;
  sms: SmsService;
  config: AccountConfig;
  /** Named in the export's AIGC metadata (AIGC_PRODUCER). */
  aigcProducer: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.ceil(bytes / 1024)} KB`);

export function createAccountService(d: AccountServiceDeps) {
  const { config } = d;
  let building = 0;

  return {
    /**
     * Everything we hold about the person as a JSON file (PIPL Art. 45: a copy in a commonly used format), built on
     * disk a page of rows at a time and bounded in size, so no export holds more than a page in memory. One export of
     * a person is built at a time across every instance (a lease row), and at most ACCOUNT_EXPORTS_AT_ONCE by this
     * process. The file is unlinked as soon as it is opened for sending: nothing stays on disk, even after a crash.
     */
    async export(user: UserRow): Promise<ReadyExport> {
      if (building >= config.exportsAtOnce) throw tooMany('当前导出请求较多，请稍后再试');
      // The slot is taken before the first await, so requests arriving together cannot all pass the check above.
      building++;
      const startedAt = d.now();
      let leased = false;
      let file: ExportFile | null = null;
      try {
        leased = await d.exports.takeLease(user.id, startedAt, new Date(startedAt.getTime() + config.exportLeaseMs));
        if (!leased) throw tooMany('您已有一个数据导出正在进行，请等它完成后再试');
        file = await openExportFile(config.exportDir, config.exportMaxBytes);
        await writeExportDocument(file, { repo: d.exports, user, exportedAt: startedAt, aigc: aigcMetadata(d.aigcProducer) });
        await file.finish();
        const handle = await open(file.path, 'r');
        await rm(file.path, { force: true });
        return {
          stream: handle.createReadStream(),
          bytes: file.bytes,
          filename: `lingxi-my-data-${startedAt.toISOString().slice(0, 10).replace(/-/g, '')}.json`,
        };
      } catch (err) {
        await file?.discard();
        if (!(err instanceof ExportTooLarge)) throw err;
        d.log.warn({ userId: user.id, maxBytes: config.exportMaxBytes }, 'personal-data export over the size bound');
        throw new AppError(
          413,
          `您的数据超过单次导出上限（${sizeText(config.exportMaxBytes)}），请删除部分不需要的聊天记录后重试，或通过“联系我们”申请人工导出`,
          'EXPORT_TOO_LARGE',
        );
      } finally {
        building--;
        if (leased) await d.exports.releaseLease(user.id, startedAt);
      }
    },

    /**
     * Account deletion (PIPL Art. 47), confirmed by an SMS code of type 'delete' sent to the account's phone. An account
     * without a phone cannot receive one; it binds a phone first (or asks support).
     */
    async delete(user: UserRow, code: string) {
      if (!user.phone) throw badRequest('请先绑定手机号，以便通过短信验证码确认注销');
      await d.sms.verify(user.phone, 'delete', code);
      await d.repo.erase(user);
      d.log.info({ userId: user.id }, 'account deleted at the owner’s request');
      return { deleted_at: d.now().toISOString() };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
