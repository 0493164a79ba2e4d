import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDatabase } from './client.ts';

let database: PgliteDatabase;
beforeAll(async () => {
  database = await openPglite();
  await database.pglite.exec(`
    create table users (id int primary key, name text);
    create table sessions (id int primary key, user_id int);
    create table users_archive (id int primary key);
    insert into users values (1, 'a');
    insert into sessions values (1, 1);`);
});
afterAll(async () => {
  await database?.close();
});

/** Whether running `statement` moved the session write generation. */
async function moves(statement: (db: PgliteDatabase) => Promise<unknown>): Promise<boolean> {
  const writes = database.sessionWrites;
  if (!writes) throw new Error('PGlite always watches session writes');
  const before = writes.current();
  await statement(database);
  return writes.current() !== before;
}

describe('session write generation (PGlite)', () => {
  it('moves on updates, deletes and truncates of users and sessions, however they are sent', async () => {
    expect(await moves((d) => d.db.execute(sql`update "users" set "name" = 'b' where id = 1`))).toBe(true);
    expect(await moves((d) => d.db.execute(sql`UPDATE users SET name = 'c'`))).toBe(true);
    expect(await moves((d) => d.pglite.query('delete from public.sessions where id = $1', [2]))).toBe(true);
    expect(await moves((d) => d.pglite.exec('select 1; truncate table sessions'))).toBe(true);
    expect(
      await moves((d) => d.db.transaction((tx) => tx.execute(sql`update users set name = 'd' where id = 1`))),
    ).toBe(true);
  });

  it('moves when the write fails or its transaction rolls back', async () => {
    expect(await moves((d) => d.db.execute(sql`update users set id = 'x'`).catch(() => null))).toBe(true);
    const rolledBack = (d: PgliteDatabase) =>
      d.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from users`);
          tx.rollback();
        })
        .catch(() => null);
    expect(await moves(rolledBack)).toBe(true);
    expect((await database.pglite.query('select count(*)::int as n from users')).rows).toEqual([{ n: 1 }]);
  });

  it('stays for reads, inserts and other tables', async () => {
    expect(await moves((d) => d.db.execute(sql`select * from users join sessions on true`))).toBe(false);
    expect(await moves((d) => d.db.execute(sql`insert into sessions values (3, 1)`))).toBe(false);
    expect(await moves((d) => d.db.execute(sql`update users_archive set id = 2`))).toBe(false);
    expect(await moves((d) => d.pglite.query('select 1 from users where id = $1 for update', [1]))).toBe(
      false,
    );
  });
});
