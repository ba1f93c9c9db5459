// avpass/tables-written-by-owner: a folder owns its tables and is their only writer (house habit 18).
// Each folder of a service's src/ that owns tables says so in its `tables.ts`:
//
//     export const OWNED_TABLES = ['redemptions'] as const;
//
// In a file under services/<service>/src/<folder>/, the rule reports a write to a table another folder
// owns, or to a table no folder declares:
//   1. SQL text in a string or template literal: `insert into <t>`, `update <t> … set`,
//      `delete from <t>`, `truncate <t>, …`, `merge into <t>` (a schema prefix is ignored);
//   2. a MikroORM write naming an entity class: `insert`/`insertMany`/`nativeInsert`/`nativeUpdate`/
//      `nativeDelete`/`upsert`/`upsertMany`/`create(<Entity>, …)`, the entity's table read from its
//      `@Entity({ tableName })` in the service's *.entity.ts files; with type information also
//      `persist(x)` / `remove(x)` of an entity instance.
// Where two aggregates change in one statement, the owner exports the piece of SQL that writes its
// table (a function in its own folder, through its index.ts) and the other folder composes it.
// Migrations and top-level files are the composition root, not checked; so are the platform's tables
// (written by @avpass/platform's helpers, never by a service's SQL text).
import { readdirSync, readFileSync } from 'node:fs';
import { folderOf, sourceFiles } from './service-folders.mjs';

/** Tables @avpass/platform creates in every service's schema and writes through its own helpers. */
export const PLATFORM_TABLES = new Set([
  'outbox_events',
  'inbox_events',
  'processed_events',
  'idempotency_keys',
  'audit_entries',
  'mikro_orm_migrations',
]);

const IDENT = '"?([a-z_][a-z0-9_]*)"?(?:\\s*\\.\\s*"?([a-z_][a-z0-9_]*)"?)?';
/** Statements that write a table, lower or upper case; `update` only with its `set`. */
const WRITES = [
  new RegExp(`\\binsert\\s+into\\s+${IDENT}`, 'gi'),
  new RegExp(`\\bupdate\\s+(?:only\\s+)?${IDENT}(?:\\s+(?:as\\s+)?[a-z_]\\w*)?\\s+set\\b`, 'gi'),
  new RegExp(`\\bdelete\\s+from\\s+(?:only\\s+)?${IDENT}`, 'gi'),
  new RegExp(`\\bmerge\\s+into\\s+${IDENT}`, 'gi'),
];
const TRUNCATE = /\btruncate\s+(?:table\s+)?((?:"?[a-z_][\w.]*"?\s*,\s*)*"?[a-z_][\w.]*"?)/gi;
const CAPITALISED = /^[\s(]*[A-Z][a-z]/;
/** What an interpolation `${…}` reads as in the text the rule scans. */
const HOLE = '__dynamic__';

/** The tables a text writes, in order (`__dynamic__` for a name that is an interpolation). */
export function writtenTables(text) {
  const tables = [];
  const add = (schemaOrTable, table) => tables.push((table ?? schemaOrTable).toLowerCase());
  for (const pattern of WRITES) for (const m of text.matchAll(pattern)) add(m[1], m[2]);
  for (const m of text.matchAll(TRUNCATE)) {
    for (const name of m[1].split(',')) {
      const parts = name.trim().replaceAll('"', '').split('.');
      tables.push(parts[parts.length - 1].toLowerCase());
    }
  }
  return tables.filter((t) => t !== 'set');
}

/** The tables each folder of a service declares (tables.ts: OWNED_TABLES), read from disk. */
export function tableOwners(src) {
  const owners = new Map();
  for (const folder of readdirSync(src, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    let text;
    try {
      text = readFileSync(`${src}/${folder.name}/tables.ts`, 'utf8');
    } catch {
      continue;
    }
    const list = /OWNED_TABLES\s*=\s*\[([^\]]*)\]/.exec(text);
    for (const m of (list?.[1] ?? '').matchAll(/['"]([a-z_][a-z0-9_]*)['"]/g)) owners.set(m[1], folder.name);
  }
  return owners;
}

/** Entity class name → table, from `@Entity({ tableName: '…' }) … export class X` in *.entity.ts. */
export function entityTables(src) {
  const tables = new Map();
  for (const file of sourceFiles(src).filter((f) => f.endsWith('.entity.ts'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /@Entity\(\s*\{[^}]*tableName:\s*['"](\w+)['"][^}]*\}\s*\)[\s\S]*?export\s+class\s+(\w+)/g,
    ))
      tables.set(m[2], m[1]);
  }
  return tables;
}

const ORM_WRITES_BY_CLASS = new Set([
  'insert',
  'insertMany',
  'nativeInsert',
  'nativeUpdate',
  'nativeDelete',
  'upsert',
  'upsertMany',
  'create',
]);
const ORM_WRITES_OF_INSTANCE = new Set(['persist', 'remove', 'persistAndFlush', 'removeAndFlush']);

export const tablesWrittenByOwner = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A table is written only by the folder that owns it (its tables.ts: OWNED_TABLES); another folder asks the owner's index.ts.",
    },
    schema: [],
    messages: {
      foreign:
        "'{{table}}' belongs to {{owner}}/ (its tables.ts): {{folder}}/ does not write it. Call a method or compose an SQL piece that {{owner}}/index.ts exports.",
      undeclared:
        "'{{table}}' is written here but no folder owns it: add it to OWNED_TABLES in {{folder}}/tables.ts (or the owner's).",
      dynamic: 'A table name built at run time cannot be checked: write each statement with its table named.',
    },
  },
  create(context) {
    const here = folderOf(context.filename);
    if (!here || here.folder === 'migrations') return {};
    let owners;
    let entities;
    const ownersOnce = () => (owners ??= tableOwners(here.src));
    const entitiesOnce = () => (entities ??= entityTables(here.src));
    const services = context.sourceCode.parserServices;
    const checker =
      services?.program && services.esTreeNodeToTSNodeMap ? services.program.getTypeChecker() : undefined;

    const checkTable = (node, table) => {
      if (table === HOLE) {
        context.report({ node, messageId: 'dynamic' });
        return;
      }
      if (PLATFORM_TABLES.has(table)) return;
      const owner = ownersOnce().get(table);
      if (owner === here.folder) return;
      if (owner === undefined) {
        context.report({ node, messageId: 'undeclared', data: { table, folder: here.folder } });
        return;
      }
      context.report({ node, messageId: 'foreign', data: { table, owner, folder: here.folder } });
    };
    const checkText = (node, text) => {
      if (CAPITALISED.test(text)) return; // a sentence ("Update failed"), not SQL
      for (const table of new Set(writtenTables(text))) checkTable(node, table);
    };
    const entityOfType = (node) => {
      if (!checker) return undefined;
      const tsNode = services.esTreeNodeToTSNodeMap.get(node);
      const symbol = tsNode && checker.getTypeAtLocation(tsNode).getSymbol?.();
      return symbol?.getName();
    };

    return {
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value);
      },
      TemplateLiteral(node) {
        checkText(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(HOLE));
      },
      CallExpression(node) {
        const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
          return;
        const method = callee.property.name;
        const [first] = node.arguments;
        if (!first) return;
        let entity;
        if (ORM_WRITES_BY_CLASS.has(method) && first.type === 'Identifier') entity = first.name;
        else if (ORM_WRITES_OF_INSTANCE.has(method)) {
          entity =
            first.type === 'NewExpression' && first.callee.type === 'Identifier'
              ? first.callee.name
              : entityOfType(first);
        }
        const table = entity && entitiesOnce().get(entity);
        if (table) checkTable(first, table);
      },
    };
  },
};
