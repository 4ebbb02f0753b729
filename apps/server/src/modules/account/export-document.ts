import { EXPORT_FORMAT_VERSION, maskPhone, type AigcMetadata } from '@lingxi/shared';
import type { UserRow } from '../../db/schema';
import type { ExportRule, UserDataTable } from '../../db/user-data';
import type { ExportFile } from './export-file';
import type { ExportRepository, StoredRow } from './export-repository';
import type { Owner } from './user-data-repository';

type Nested = Extract<ExportRule, { nestIn: unknown }>;
type Section = Extract<ExportRule, { section: string }>;

const AI_CONTENT_NOTICE = '本文件中 role 为 assistant 的消息内容由人工智能生成（AI生成），仅供参考。';

const isSection = (r: ExportRule): r is Section => typeof r === 'object' && 'section' in r;
const isNested = (r: ExportRule): r is Nested => typeof r === 'object' && 'nestIn' in r;

/**
 * Writes `[`, the items, `]`, one item per line, as the generator yields them: only one page is ever held. `item`
 * returns an item's text, or writes part of it itself (a chat and its messages) and returns the rest.
 */
async function writeArray<T>(out: ExportFile, indent: string, pages: AsyncIterable<T[]>, item: (x: T) => Promise<string> | string) {
  await out.write('[');
  let first = true;
  for await (const page of pages) {
    for (const x of page) {
      await out.write(`${first ? '' : ','}\n${indent}  `);
      await out.write(await item(x));
      first = false;
    }
  }
  await out.write(first ? ']' : `\n${indent}]`);
}

/**
 * The export document (PIPL Art. 45: a copy in a commonly used format): the account, the referrer relation, then one
 * section per exported table of db/user-data.ts in its order, rows as stored. Streamed into `out` page by page.
 */
export async function writeExportDocument(
  out: ExportFile,
  d: { repo: ExportRepository; user: UserRow; exportedAt: Date; aigc: AigcMetadata },
): Promise<void> {
  const { repo, user } = d;
  const list: UserDataTable[] = repo.list;
  const owner: Owner = await repo.owner(user);
  const { passwordHash, ...account } = user;
  const accountStored = Object.fromEntries(
    Object.entries(account).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v instanceof Date ? v.toISOString() : v]),
  );

  await out.write(`{\n  "success": true,\n  "message": "导出成功",\n  "data": {\n`);
  await out.write(`    "format_version": ${EXPORT_FORMAT_VERSION},\n    "exported_at": ${JSON.stringify(d.exportedAt.toISOString())},\n`);
  // The labels of AI-generated content (GB 45438-2025): a notice a person reads, and the metadata a program reads.
  await out.write(`    "ai_content_notice": ${JSON.stringify(AI_CONTENT_NOTICE)},\n    "aigc": ${JSON.stringify(d.aigc)},\n`);
  await out.write(`    "account": ${JSON.stringify({ ...accountStored, has_password: !!passwordHash })},\n`);
  await out.write(`    "referrer": {\n      "referrer_phone": ${JSON.stringify(user.referrerPhone)},\n      "referrals": `);
  // The invitees' numbers are theirs: shown masked, as in the app.
  const referrals = user.phone ? repo.referrals(user.phone) : (async function* () {})();
  await writeArray(out, '      ', referrals, (r: StoredRow) =>
    JSON.stringify({ username: r.username, phone: maskPhone(r.phone as string | null), created_at: r.created_at }),
  );
  await out.write('\n    }');

  for (const e of list) {
    if (!isSection(e.export)) continue;
    const children = list.filter((c) => isNested(c.export) && c.export.nestIn === e.table);
    await out.write(`,\n    ${JSON.stringify(e.export.section)}: `);
    await writeArray(out, '    ', repo.rowsOf(e, owner, { order: e.export.order, omit: e.export.omit }), async ({ row, key }) => {
      const text = JSON.stringify(row);
      if (!children.length) return text;
      await out.write(text.slice(0, -1));
      let separator = text === '{}' ? '' : ', ';
      for (const c of children) {
        const rule = c.export as Nested;
        const rows = repo.rowsOf(c, owner, { order: rule.order, omit: rule.omit, link: { column: rule.link, value: key } });
        // Written straight to the file: a chat's messages never gather in memory either.
        await out.write(`${separator}${JSON.stringify(rule.as)}: `);
        await writeArray(out, '      ', rows, (x) => JSON.stringify(x.row));
        separator = ', ';
      }
      return '}';
    });
  }
  await out.write('\n  }\n}\n');
}
