import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { serializeError } from './log-error';

const SECRET = '13800138000 我的出生时间';

describe('the logged form of an error', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  const failingQuery = async () => {
    try {
      await database.db.execute(sql`select ${SECRET}::timestamptz as t, ${'0000-01-01'}::int`);
    } catch (err) {
      return err;
    }
    throw new Error('the query was expected to fail');
  };

  it('keeps no bound value of a failed query: not in the message, the stack, a field or the cause', async () => {
    const err = await failingQuery();
    const text = JSON.stringify(serializeError(err));
    expect(text).not.toContain('13800138000');
    expect(text).not.toContain('出生');
    expect(text).not.toContain('0000-01-01');
    expect(text).not.toMatch(/"params"|"parameters"|"detail"/);
  });

  it('keeps what is needed to find the fault: the SQL with placeholders, the SQLSTATE, the frames', async () => {
    const logged = serializeError(await failingQuery());
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: select $1::timestamptz as t, $2::int',
      cause: { errorCode: '22007', message: 'invalid input syntax for type timestamp with time zone: "***"' },
    });
    expect(logged.stack).toMatch(/\n\s+at /);
  });

  it('drops the values PostgreSQL puts in detail, keeping the constraint name', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_key"'), {
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (phone)=(13800138000) already exists.',
      constraint_name: 'users_phone_key',
      table_name: 'users',
    });
    const logged = serializeError(pgError);
    expect(logged).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_phone_key"',
      constraint: 'users_phone_key',
      table: 'users',
    });
    expect(JSON.stringify(logged)).not.toContain('13800138000');
  });

  it('masks phone numbers in any other error and in error strings', () => {
    expect(serializeError(new Error('no reply for 13912345678'))).toMatchObject({ message: 'no reply for 139****5678' });
    expect(serializeError('timeout for 13912345678')).toMatchObject({ message: 'timeout for 139****5678' });
  });
});
