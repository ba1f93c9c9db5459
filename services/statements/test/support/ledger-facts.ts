import type { StatementLine } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';

/**
 * The statements recount test's facts (issue 39): a seeded mix of what the ledger is made of, at random
 * instants and at the instants that decide a month, and each partner's month recounted from them alone.
 */
export const ZONE = 'America/Los_Angeles';
export const partners = [randomUUID(), randomUUID()];

/** Deterministic: the same events on every run (a failure is reproducible). */
export function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const random = prng(39);
export const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export const monthFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
});
/** The business month ('YYYY-MM') of an instant. */
export function monthOf(at: string): string {
  const parts = Object.fromEntries(monthFormat.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}

export const MINUTE = 60_000;
/** Business midnights (UTC) that open a month: PDT is UTC-7, PST UTC-8. */
export const EDGES = [
  '2025-10-01T07:00:00Z',
  '2025-11-01T07:00:00Z',
  '2025-12-01T08:00:00Z',
  '2026-03-01T08:00:00Z',
  '2026-04-01T07:00:00Z',
  '2026-05-01T07:00:00Z',
].map(Date.parse);
export const DECISIVE = [
  ...EDGES.flatMap((edge) => [edge - MINUTE, edge + MINUTE]), // 23:59 and 00:01
  Date.parse('2025-11-02T08:30:00Z'), // Nov 2 01:30 PDT (the first of the two)
  Date.parse('2025-11-02T09:30:00Z'), // Nov 2 01:30 PST (the second)
  Date.parse('2026-03-08T09:59:00Z'), // Mar 8 01:59 PST
  Date.parse('2026-03-08T10:01:00Z'), // Mar 8 03:01 PDT
];
export const WINDOWS = [
  [Date.parse('2025-09-25T00:00:00Z'), Date.parse('2025-12-05T00:00:00Z')],
  [Date.parse('2026-02-25T00:00:00Z'), Date.parse('2026-05-05T00:00:00Z')],
] as const;
export const instant = () => {
  if (random() < 0.3) return pick(DECISIVE);
  const [from, to] = pick(WINDOWS);
  return from + Math.floor(random() * (to - from));
};
/** A reversal's instant: soon after, or at the next decisive instant, or weeks later. */
export const later = (at: number) => {
  const next = DECISIVE.filter((d) => d > at);
  if (next.length && random() < 0.3) return pick(next.slice(0, 2));
  return at + int(1, 40 * 24 * 60) * MINUTE;
};
export const iso = (at: number) => new Date(at).toISOString();

export type Money = {
  fundedBy: 'club' | 'partner';
  saleCents: number | null;
  discountCents: number | null;
  reimbursementCents: number;
  noSaleAmount: boolean;
};
export type Fact =
  | { kind: 'redemption'; partner: string; at: string; id: string; money: Money; cancelledAt?: string }
  | { kind: 'charge'; partner: string; at: string; id: string; amount: number; voidedAt?: string }
  | { kind: 'usage'; partner: string; at: string; delta: number; price: number };

export function money(): Money {
  const sale = int(1_000, 20_000);
  const discount = Math.round(sale * 0.1);
  return pick<Money>([
    {
      fundedBy: 'club',
      saleCents: sale,
      discountCents: discount,
      reimbursementCents: discount,
      noSaleAmount: false,
    },
    {
      fundedBy: 'partner',
      saleCents: sale,
      discountCents: discount,
      reimbursementCents: 0,
      noSaleAmount: false,
    },
    // A fixed $5 off the club pays, with no sale amount sent.
    { fundedBy: 'club', saleCents: null, discountCents: 500, reimbursementCents: 500, noSaleAmount: false },
    // A club-funded percentage without a sale amount: 0, flagged.
    { fundedBy: 'club', saleCents: null, discountCents: null, reimbursementCents: 0, noSaleAmount: true },
  ]);
}

export const facts: Fact[] = [];
for (let i = 0; i < 160; i++) {
  const partner = i % 5 === 0 ? partners[1]! : partners[0]!;
  const at = instant();
  const kind = pick(['redemption', 'redemption', 'charge', 'usage'] as const);
  if (kind === 'redemption')
    facts.push({
      kind,
      partner,
      at: iso(at),
      id: randomUUID(),
      money: money(),
      cancelledAt: random() < 0.3 ? iso(later(at)) : undefined,
    });
  else if (kind === 'charge')
    facts.push({
      kind,
      partner,
      at: iso(at),
      id: randomUUID(),
      amount: int(1, 50_000),
      voidedAt: random() < 0.3 ? iso(later(at)) : undefined,
    });
  else
    facts.push({
      kind,
      partner,
      at: iso(at),
      delta: pick([-2, -1, 1, 2, 3, 5]),
      price: pick([1500, 999, 4250]),
    });
}

export interface Recount {
  vouchers: {
    quantity: number;
    salesCents: number;
    discountCents: number;
    clubOwesCents: number;
    partnerFundedCents: number;
    withoutSaleAmount: number;
  };
  adjustments: { quantity: number; clubOwesCents: number };
  credits: { quantity: number; reversals: number; clubOwesCents: number };
  merchandise: { quantity: number; partnerOwesCents: number };
  totals: { clubOwesCents: number; partnerOwesCents: number; netCents: number };
}

/** A partner's month, from the facts alone. */
export function recount(partner: string, month: string): Recount {
  const r: Recount = {
    vouchers: {
      quantity: 0,
      salesCents: 0,
      discountCents: 0,
      clubOwesCents: 0,
      partnerFundedCents: 0,
      withoutSaleAmount: 0,
    },
    adjustments: { quantity: 0, clubOwesCents: 0 },
    credits: { quantity: 0, reversals: 0, clubOwesCents: 0 },
    merchandise: { quantity: 0, partnerOwesCents: 0 },
    totals: { clubOwesCents: 0, partnerOwesCents: 0, netCents: 0 },
  };
  const redeemed = (m: Money, sign: 1 | -1) => {
    r.vouchers.quantity += sign;
    r.vouchers.salesCents += sign * (m.saleCents ?? 0);
    r.vouchers.discountCents += sign * (m.discountCents ?? 0);
    r.vouchers.clubOwesCents += sign * m.reimbursementCents;
    if (m.fundedBy === 'partner') r.vouchers.partnerFundedCents += sign * (m.discountCents ?? 0);
  };
  for (const f of facts.filter((fact) => fact.partner === partner)) {
    if (f.kind === 'redemption') {
      const cancelMonth = f.cancelledAt ? monthOf(f.cancelledAt) : null;
      if (monthOf(f.at) === month) {
        redeemed(f.money, 1);
        if (f.money.noSaleAmount && cancelMonth !== month) r.vouchers.withoutSaleAmount += 1;
        if (cancelMonth === month) redeemed(f.money, -1);
      } else if (cancelMonth === month) {
        // Made in an earlier month: an adjustment of this one.
        r.adjustments.quantity -= 1;
        r.adjustments.clubOwesCents -= f.money.reimbursementCents;
      }
    } else if (f.kind === 'charge') {
      if (monthOf(f.at) === month) {
        r.credits.quantity += 1;
        r.credits.clubOwesCents += f.amount;
      }
      if (f.voidedAt && monthOf(f.voidedAt) === month) {
        r.credits.quantity -= 1;
        r.credits.reversals += 1;
        r.credits.clubOwesCents -= f.amount;
      }
    } else if (monthOf(f.at) === month) {
      r.merchandise.quantity += f.delta;
      r.merchandise.partnerOwesCents += f.delta * f.price;
    }
  }
  const club = r.vouchers.clubOwesCents + r.adjustments.clubOwesCents + r.credits.clubOwesCents;
  r.totals = {
    clubOwesCents: club,
    partnerOwesCents: r.merchandise.partnerOwesCents,
    netCents: club - r.merchandise.partnerOwesCents,
  };
  return r;
}

/** The statement's lines of a section, summed. */
export function sum(lines: StatementLine[], section: StatementLine['section']) {
  const of = lines.filter((l) => l.section === section);
  const total = (key: keyof StatementLine) => of.reduce((a, l) => a + (l[key] as number), 0);
  return {
    quantity: total('quantity'),
    reversals: total('reversals'),
    salesCents: total('salesCents'),
    discountCents: total('discountCents'),
    clubOwesCents: total('clubOwesCents'),
    partnerOwesCents: total('partnerOwesCents'),
    partnerFundedCents: total('partnerFundedCents'),
    withoutSaleAmount: total('withoutSaleAmount'),
  };
}

/** Every business month any fact (or its reversal) falls in. */
export const months = [
  ...new Set(
    facts.flatMap((f) => [
      monthOf(f.at),
      ...(f.kind === 'redemption' && f.cancelledAt ? [monthOf(f.cancelledAt)] : []),
      ...(f.kind === 'charge' && f.voidedAt ? [monthOf(f.voidedAt)] : []),
    ]),
  ),
].sort();
