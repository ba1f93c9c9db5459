import { RPC } from '@avpass/contracts';
import { waitFor } from '@avpass/platform/testing';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_ORIGIN, useSignInBed } from './support/sign-in-bed';

// Issue 41, decision 339: what a database reader sees of a member's sign-in is not enough to sign in.
const bed = useSignInBed({ ipBlock: '198.51.101', phoneBlock: '+3461235' });
const member = () => bed.member();

const rows = async (sql: string, params: unknown[] = []) => (await bed.s.sql.query(sql, params)).rows;

/** The tables of the members schema whose rows hold `secret` in any column. */
async function tablesHolding(secret: string): Promise<string[]> {
  const tables = await rows(
    "select table_name from information_schema.tables where table_schema = 'members' and table_type = 'BASE TABLE'",
  );
  const holding: string[] = [];
  for (const { table_name: table } of tables) {
    const [found] = await rows(
      `select count(*)::int as n from members."${table}" t where position($1 in row_to_json(t)::text) > 0`,
      [secret],
    );
    if (found.n > 0) holding.push(table);
  }
  return holding;
}

/** Every text column of an outgoing table, for the rows sent to `recipient`, as one list of values. */
async function outgoingTexts(table: 'outgoing_mail' | 'outgoing_sms', recipient: string): Promise<string[]> {
  const columns = await rows(
    `select column_name from information_schema.columns
      where table_schema = 'members' and table_name = $1
        and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    [table],
  );
  expect(columns.length).toBeGreaterThan(3);
  const list = columns.map((c) => `coalesce("${c.column_name}"::text, '')`).join(', ');
  const found = await rows(`select array[${list}] as texts from members.${table} where recipient = $1`, [
    recipient,
  ]);
  expect(found.length).toBeGreaterThan(0);
  return found.flatMap((r) => r.texts as string[]);
}

describe('a database reader cannot sign in as a member', () => {
  it('finds no magic link token in any table, though the mail carries it and it signs in', async () => {
    const m = await member();
    await bed.s.callFrom(bed.nextIp(), RPC.members.signInLink, { email: m.email!, origin: SIGN_IN_ORIGIN });
    const mail = await waitFor(() => bed.smtp.mailTo(m.email!)[0], { message: 'the sign-in mail' });
    const token = /\/me\/sign-in#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(mail.html).toContain(token);

    expect(await tablesHolding(token)).toEqual([]);
    const texts = await outgoingTexts('outgoing_mail', m.email!);
    expect(texts.filter((t) => t.includes(token))).toEqual([]);
    // The row keeps what it may: the subject and the template's parameters, no body.
    const [row] = await rows(
      'select subject, text_body, html_body, template from members.outgoing_mail where recipient = $1',
      [m.email],
    );
    expect(row).toEqual({
      subject: 'Your AV Pass sign-in link',
      text_body: null,
      html_body: null,
      template: 'member-sign-in-link',
    });

    const session = await bed.s.callFrom(bed.nextIp(), RPC.members.verifySignIn, { token });
    expect(session.member.firstName).toBe('Lucía');
  });

  it('finds no SMS code in the outgoing SMS, and the stored hash cannot be reversed by trying every code', async () => {
    const m = await member();
    await bed.s.callFrom(bed.nextIp(), RPC.members.signInCode, { phone: m.phone! });
    const sms = await waitFor(async () => (await bed.twilio.messagesTo(m.phone!))[0], { message: 'the SMS' });
    const code = /\b(\d{6})\b/.exec(sms.body)![1]!;

    const texts = await outgoingTexts('outgoing_sms', m.phone!);
    expect(texts.filter((t) => t.includes(code))).toEqual([]);
    const [row] = await rows('select body from members.outgoing_sms where recipient = $1', [m.phone]);
    expect(row.body).toBe('AV Pass: your sign-in code is {code}. It works once, for 10 minutes.');
    expect(sms.body).toBe(`AV Pass: your sign-in code is ${code}. It works once, for 10 minutes.`);

    // The hash is keyed: hashing the row's id with a code, as a reader could, never gives it.
    const [kept] = await rows('select id, secret_hash from members.member_sign_ins where member_id = $1', [
      m.id,
    ]);
    const plain = createHash('sha256').update(`${kept.id}:${code}`).digest('base64url');
    expect(kept.secret_hash).not.toBe(plain);
    expect(kept.secret_hash).not.toContain(code);

    const session = await bed.s.callFrom(bed.nextIp(), RPC.members.verifySignIn, { phone: m.phone!, code });
    expect(session.member.firstName).toBe('Lucía');
  });
});
