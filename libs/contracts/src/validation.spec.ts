import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createAllocationRequestSchema,
  createCreditRequestSchema,
  firstErrorMessage,
  generateQrRequestSchema,
  generateTrainerQrRequestSchema,
  listQuerySchema,
  recordCreditTransactionRequestSchema,
  redeemRequestSchema,
  restockRequestSchema,
  NUMBER_INPUTS,
  numberInput,
  RPC_CONTRACTS,
  toFieldErrors,
} from './index';

/** zod's own words: a 400 never shows them. */
const INTERNAL_TEXT =
  /Invalid input|\bexpected\b|\breceived\b|Invalid (string|number|option|UUID|URL|email)|Too (small|big)/i;

type AnySchema = z.ZodType & { _zod: { def: Record<string, any> } };
const defOf = (schema: unknown) => (schema as AnySchema)._zod.def;

/** The object shape behind wrappers (optional, default, pipe's input, ...), or null. */
function shapeOf(schema: unknown, depth = 0): Record<string, unknown> | null {
  if (!schema || depth > 10) return null;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return def.shape as Record<string, unknown>;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return shapeOf(def.innerType, depth + 1);
    case 'pipe':
      return shapeOf(def.in, depth + 1);
    default:
      return null;
  }
}

/** The element schema of an array behind wrappers, or null. */
function elementOf(schema: unknown, depth = 0): unknown {
  if (!schema || depth > 10) return null;
  const def = defOf(schema);
  if (def.type === 'array') return def.element;
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type))
    return elementOf(def.innerType, depth + 1);
  if (def.type === 'pipe') return elementOf(def.in, depth + 1);
  return null;
}

const WRONG: unknown[] = [true, 'zz-not-valid', -1.5, [], {}, null, 'x'.repeat(20_000)];

/** Payloads that leave out required fields or put a wrong type in each field, nested ones too. */
function badPayloads(schema: unknown): unknown[] {
  const out: unknown[] = [undefined, null, 'text', 42, [], {}];
  const shape = shapeOf(schema);
  if (!shape) return out;
  for (const [key, field] of Object.entries(shape)) {
    for (const wrong of WRONG) out.push({ [key]: wrong });
    const inner = shapeOf(field);
    const element = elementOf(field);
    if (inner) {
      out.push({ [key]: {} });
      for (const sub of Object.keys(inner)) out.push({ [key]: { [sub]: true } });
    }
    if (element) {
      out.push({ [key]: [true] });
      const elementShape = shapeOf(element);
      if (elementShape) {
        out.push({ [key]: [{}] });
        for (const sub of Object.keys(elementShape)) out.push({ [key]: [{ [sub]: true }] });
      }
    }
  }
  return out;
}

describe('every 400 speaks in sentences', () => {
  it('no request schema answers a missing field or a wrong type with zod’s own text', () => {
    const leaks: string[] = [];
    let refusals = 0;
    for (const [subject, contract] of Object.entries(RPC_CONTRACTS)) {
      for (const payload of badPayloads(contract.request)) {
        const parsed = contract.request.safeParse(payload);
        if (parsed.success) continue;
        refusals++;
        const messages = [
          firstErrorMessage(parsed.error),
          ...Object.values(toFieldErrors(parsed.error)).flat(),
        ];
        for (const message of messages) {
          if (!message.trim() || INTERNAL_TEXT.test(message))
            leaks.push(`${subject} ${JSON.stringify(payload)?.slice(0, 80)}: ${message}`);
        }
      }
    }
    expect(refusals).toBeGreaterThan(500);
    expect([...new Set(leaks)].slice(0, 40)).toEqual([]);
  });

  it('names the field and what was sent', () => {
    const schema = z.object({
      partnerName: z.string(),
      quantity: z.number(),
      role: z.enum(['trainer', 'coach']),
      id: z.string().uuid(),
      deploymentUrl: z.string().url(),
      notes: z.string().max(3),
      tags: z.array(z.string()).min(2),
    });
    const parsed = schema.safeParse({
      quantity: 'lots',
      role: 'boss',
      id: 'x',
      deploymentUrl: 'nope',
      notes: 'long',
      tags: [],
    });
    expect(parsed.success).toBe(false);
    expect(toFieldErrors(parsed.error!)).toEqual({
      partnerName: ['Partner name is required'],
      quantity: ['Quantity must be a number, not "lots"'],
      role: ['Role must be trainer or coach, not "boss"'],
      id: ['Id is not a valid id'],
      deploymentUrl: ['Deployment URL must be a valid URL (https://...)'],
      notes: ['Notes must be at most 3 characters'],
      tags: ['Tags must be at least 2 items'],
    });
    expect(firstErrorMessage(parsed.error!)).toBe('Partner name is required');
    expect(firstErrorMessage(z.object({ PORT: z.number() }).safeParse({ PORT: 'x' }).error!)).toBe(
      'PORT must be a number, not "x"',
    );
    expect(firstErrorMessage(z.object({ a: z.string() }).safeParse('text').error!)).toBe(
      'The request must be a JSON object',
    );
  });
});

/** Every `number` leaf of a schema that a client's value reaches without numberInput. */
function bareNumbers(schema: unknown, path: string, out: string[], seen = new Set<unknown>()): void {
  if (!schema || seen.has(schema)) return;
  seen.add(schema);
  if (NUMBER_INPUTS.has(schema as z.ZodType)) return;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape))
        bareNumbers(field, path ? `${path}.${key}` : key, out, seen);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return bareNumbers(def.innerType, path, out, seen);
    case 'pipe':
      // What follows a numberInput (the range checks) sees its number, never the client's value.
      if (NUMBER_INPUTS.has(def.in)) return;
      bareNumbers(def.in, path, out, seen);
      return bareNumbers(def.out, path, out, seen);
    case 'union':
      for (const option of def.options) bareNumbers(option, path, out, seen);
      return;
    case 'array':
      return bareNumbers(def.element, `${path}[]`, out, seen);
    case 'intersection':
      bareNumbers(def.left, path, out, seen);
      return bareNumbers(def.right, path, out, seen);
    case 'record':
      return bareNumbers(def.valueType, `${path}{}`, out, seen);
    case 'number':
    case 'int':
    case 'bigint':
      out.push(path || '(the request)');
      return;
    default:
      return;
  }
}

describe('numbers as the clients send them', () => {
  it('every numeric field of every request schema reads a JSON number or a numeric string (numberInput)', () => {
    const bare: string[] = [];
    for (const [subject, contract] of Object.entries(RPC_CONTRACTS)) {
      const found: string[] = [];
      bareNumbers(contract.request, '', found);
      bare.push(...found.map((path) => `${subject}: ${path}`));
    }
    expect(bare).toEqual([]);
  });

  it('numberInput takes 100, "100" and " 12.5 ", and names anything else', () => {
    const field = numberInput('Usage limit');
    expect(field.parse(100)).toBe(100);
    expect(field.parse('100')).toBe(100);
    expect(field.parse(' 12.5 ')).toBe(12.5);
    expect(field.parse('-3')).toBe(-3);
    const refused = (value: unknown) => firstErrorMessage(field.safeParse(value).error!);
    expect(refused('lots')).toBe('Usage limit must be a number, not "lots"');
    expect(refused('0x10')).toBe('Usage limit must be a number, not "0x10"');
    expect(refused('Infinity')).toBe('Usage limit must be a number, not "Infinity"');
    expect(refused(true)).toBe('Usage limit must be a number, not true');
    expect(refused(null)).toBe('Usage limit must be a number, not null');
    expect(refused([1])).toBe('Usage limit must be a number, not a list');
    expect(refused(undefined)).toBe('Usage limit is required');
    expect(refused('')).toBe('Usage limit is required');
    expect(numberInput('Discount', { blank: 0 }).parse(' ')).toBe(0);
  });

  it('numeric strings are taken on every route: credits, inventory, vouchers, lists', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const credit = createCreditRequestSchema.parse({
      athleteName: 'Ann',
      totalAmount: '5000',
      duration: '6',
      startDate: '2026-01-01',
      endDate: '2026-07-01',
    });
    expect(credit).toMatchObject({ totalAmount: 5000, duration: 6 });
    expect(
      recordCreditTransactionRequestSchema.parse({
        id,
        transactionType: 'purchase',
        description: 'x',
        amount: '250',
      }),
    ).toMatchObject({ amount: 250 });
    expect(
      createAllocationRequestSchema.parse({
        partnerId: id,
        merchInventoryId: id,
        quantity: '3',
        price: '1200',
      }),
    ).toMatchObject({ quantity: 3, price: 1200 });
    expect(restockRequestSchema.parse({ id, quantity: ' 4 ' }).quantity).toBe(4);
    expect(redeemRequestSchema.parse({ id, transactionAmount: '4550' }).transactionAmount).toBe(4550);
    expect(listQuerySchema.parse({ limit: '20', offset: 40 })).toMatchObject({ limit: 20, offset: 40 });
    const generated = generateQrRequestSchema.parse({
      clinic: 'Peak',
      discountValue: '25',
      service: 'Physio',
      expirationDate: '2030-01-01',
      usageLimit: 3,
    });
    expect(generated).toMatchObject({ discountValue: 25, usageLimit: 3 });
    const refused = createCreditRequestSchema.safeParse({ ...credit, totalAmount: 'lots' });
    expect(firstErrorMessage(refused.error!)).toBe('Total amount must be a number of cents, not "lots"');
  });

  it('the trainer payload of §3: usage limit as a number or a string, with a message naming what was sent', () => {
    const base = { trainerName: 'Ann', customTitle: 'Athlete Perk', partnerType: 'trainer' };
    for (const usageLimit of [100, '100']) {
      const parsed = generateTrainerQrRequestSchema.safeParse({ ...base, usageLimit });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data).toMatchObject({
        usageLimit: 100,
        couponTitle: 'Athlete Perk',
        partnerType: 'trainer',
      });
    }
    expect(generateTrainerQrRequestSchema.parse({ ...base, usageLimit: 'Unlimited' }).usageLimit).toBe(
      999999,
    );
    const seven = generateTrainerQrRequestSchema.safeParse({ ...base, usageLimit: 7 });
    expect(firstErrorMessage(seven.error!)).toBe(
      'Usage limit must be unlimited, 1, 5, 10, 25, 50 or 100, not 7',
    );
    const lots = generateTrainerQrRequestSchema.safeParse({ ...base, usageLimit: 'lots' });
    expect(firstErrorMessage(lots.error!)).toBe('Usage limit must be unlimited or a number, not "lots"');
  });
});
