import { maskPhonesIn } from './log-masks';

type Loose = Record<string, unknown>;
// A type alias, not an interface: pino's serializer type wants an index signature.
export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  /** The error's code (a SQLSTATE for the database). Not `code`: the log redacts every `*.code` (SMS codes). */
  errorCode?: string;
  /** Where a database error happened, by name only (never the values involved). */
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  cause?: LoggedError;
};

// Drizzle words a failed query as "Failed query: <sql>\nparams: <every bound value>".
const PARAMS_TAIL = /\nparams: [\s\S]*$/;
// PostgreSQL quotes the offending input after a colon: 'invalid input syntax for type uuid: "…"'. Identifiers are
// quoted after a noun instead (constraint "users_phone_key") and stay.
const QUOTED_VALUE = /: "(?:[^"\\]|\\.)*"/g;

const isDatabaseError = (e: Loose) => typeof e.severity === 'string' || typeof e.severity_local === 'string';
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

function scrubMessage(message: string, database: boolean): string {
  const cut = message.replace(PARAMS_TAIL, '');
  return maskPhonesIn(database ? cut.replace(QUOTED_VALUE, ': "***"') : cut);
}

/**
 * The `err` serializer of every log line. Errors from the database and Drizzle carry the query's bound values
 * (message text, phone numbers, birth data) in `params`/`parameters`, in the message, in the stack and in `detail`
 * ("Key (phone)=(138…) already exists"); pino's default serializer writes all of it, causes included. This keeps
 * the type, a scrubbed message and stack, the SQLSTATE and the names of what failed, and nothing else.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!err || typeof err !== 'object') {
    const message = scrubMessage(String(err), false);
    return { type: 'Error', message, stack: '' };
  }
  const e = err as Loose;
  const database = isDatabaseError(e);
  const type = (err as Error).constructor?.name ?? 'Error';
  const message = scrubMessage(str(e.message) ?? '', database);
  const frames = (str(e.stack) ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const out: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.errorCode = String(e.code);
  const names = { table: e.table ?? e.table_name, column: e.column ?? e.column_name, constraint: e.constraint ?? e.constraint_name };
  for (const [k, v] of Object.entries(names)) if (str(v)) out[k as 'table'] = str(v);
  if (database && str(e.routine)) out.routine = str(e.routine);
  if (e.cause && e.cause !== err && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
