import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import type { UserDataTable } from './user-data';

const USER_ID = /(^|_)user_id$/;
const PHONE = /(^|_)phone$/;
const WECHAT_ID = /(^|_)(openid|unionid)$/;

/** Columns that name a person: a user id (by name or by a foreign key to users), a phone number, a WeChat id. */
export function personColumns(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const toUsers = new Set(
    config.foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      return getTableName(ref.foreignTable) === 'users' ? ref.columns : [];
    }),
  );
  return config.columns.filter(
    (c) =>
      toUsers.has(c) ||
      USER_ID.test(c.name) ||
      PHONE.test(c.name) ||
      WECHAT_ID.test(c.name) ||
      (config.name === 'users' && c.name === 'id'),
  );
}

function declared(e: UserDataTable): Set<PgColumn> {
  return new Set([
    ...(e.user ? [e.user] : []),
    ...(e.phones ?? []).map((p) => p.column),
    ...(e.wechatIds ?? []),
    ...(e.wechatProfileIn ? [e.wechatProfileIn.column] : []),
  ]);
}

/** How the schema's index names a table and a column (`baziCharts`, `baziCharts.userId`), for advice to paste. */
function codeName(table: PgTable, column?: PgColumn): string {
  const tableName = Object.entries(schema).find(([, v]) => v === table)?.[0] ?? getTableName(table);
  if (!column) return tableName;
  const key = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0] ?? column.name;
  return `${tableName}.${key}`;
}

const RULES = `Choose each rule (the types in that file explain them):
  merge:  'move' (rows follow the person into the kept account) | 'drop' (they die with the joined account) | 'none' | { addUp, key }
  export: { section: '<name>', omit?: [secret columns] } | { nestIn, link, as, order } | { skip: '<why it is not the person’s data>' }
  erase:  'delete' | 'anonymise' (kept without the person, e.g. payment records the law requires)
Phone, openid and unionid columns are declared too: phones: [{ column, is: 'owner' | 'typed' | 'key' }], wechatIds: [...].`;

function entryFor(table: PgTable, columns: PgColumn[]): string {
  const user = columns.find((c) => !PHONE.test(c.name) && !WECHAT_ID.test(c.name));
  const phones = columns.filter((c) => PHONE.test(c.name));
  const wechat = columns.filter((c) => WECHAT_ID.test(c.name));
  const parts = [`table: ${codeName(table)}`];
  if (user) parts.push(`user: ${codeName(table, user)}`);
  if (phones.length) parts.push(`phones: [${phones.map((p) => `{ column: ${codeName(table, p)}, is: 'typed' }`).join(', ')}]`);
  if (wechat.length) parts.push(`wechatIds: [${wechat.map((w) => codeName(table, w)).join(', ')}]`);
  const keyedByPhone = !user && phones.length > 0;
  parts.push(`merge: '${keyedByPhone ? 'none' : 'move'}'`, `export: { section: '${getTableName(table)}' }`, `erase: 'delete'`);
  return `{ ${parts.join(', ')} }`;
}

export interface MissingPersonColumn {
  table: string;
  columns: string[];
  advice: string;
}

/** Tables whose person columns the list does not declare, each with the advice a test failure prints. */
export function undeclaredPersonColumns(tables: PgTable[], list: UserDataTable[]): MissingPersonColumn[] {
  const out: MissingPersonColumn[] = [];
  for (const table of tables) {
    const columns = personColumns(table);
    if (!columns.length) continue;
    const entry = list.find((e) => e.table === table);
    const name = getTableName(table);
    if (!entry) {
      out.push({
        table: name,
        columns: columns.map((c) => c.name),
        advice: `Table "${name}" has ${columns.map((c) => c.name).join(', ')}: it holds data about a person, but
apps/server/src/db/user-data.ts does not list it. Without an entry, joining a WeChat account into a phone account
loses these rows (ON DELETE CASCADE), the personal-data export leaves them out and account deletion forgets them.
Add to USER_DATA in apps/server/src/db/user-data.ts:
  ${entryFor(table, columns)},
${RULES}`,
      });
      continue;
    }
    const known = declared(entry);
    const undeclared = columns.filter((c) => !known.has(c));
    if (undeclared.length) {
      out.push({
        table: name,
        columns: undeclared.map((c) => c.name),
        advice: `${undeclared.map((c) => `${name}.${c.name}`).join(', ')} names a person, but the "${name}" entry of
apps/server/src/db/user-data.ts does not declare it. Declare it in that entry: a user id as \`user\`, a phone as
\`phones: [{ column: ${codeName(table, undeclared[0])}, is: 'owner' | 'typed' | 'key' }]\`, an openid/unionid in \`wechatIds\`.
${RULES}`,
      });
    }
  }
  return out;
}
