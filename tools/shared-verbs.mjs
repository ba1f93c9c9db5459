// Names that say which is which (issue 38): within one service, no two injected classes share a public
// method name for different things. A reader following `this.audit.record(…)` and `this.outbox.record(…)`
// through a service with eight injected classes should not have to open both to learn which writes what.
//
// For each service (services/<name>/src) and the gateway (gateway/src) this lists the @Injectable classes,
// with the platform's @Injectable classes (libs/platform/src) that the service's constructors inject, and
// prints every public method name more than one of them has. Two uses of a name are one meaning, and not
// listed, when one hands on to the other (`AssignmentService.bulkAssign` calls `this.assignments.bulkAssign`):
// the same operation one layer down. What is left is either a verb kept on purpose for the same meaning
// (SAME_MEANING: framework hooks, each class's verbs on its own aggregate, like every repository's `page`)
// or a rename still owed (PENDING, with the names to give). `--check` fails on anything else.
//
//   node tools/shared-verbs.mjs            every shared name, each marked same-meaning, pending or new, with
//                                          its holders: `A | B + C` is A apart, and B and C one hand-on
//   node tools/shared-verbs.mjs --check    exit 1 when a name is shared that neither list holds (npm run lint)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Names every class may have for the same thing; each with why it is one meaning. */
export const SAME_MEANING = {
  onModuleInit: 'a NestJS lifecycle hook',
  onApplicationBootstrap: 'a NestJS lifecycle hook',
  beforeApplicationShutdown: 'a NestJS lifecycle hook',
  onApplicationShutdown: 'a NestJS lifecycle hook',
  canActivate: 'the NestJS guard interface',
  intercept: 'the NestJS interceptor interface',
  create: 'a service creates one of its own aggregate (the class names which)',
  list: 'a service lists its own aggregate (the class names which)',
  get: 'a service reads one of its own aggregate (the class names which)',
  update: 'a service or repository updates one of its own aggregate (the class names which)',
  remove: 'a service or repository removes one of its own aggregate (the class names which)',
  page: "a repository's keyset page of its own table",
  insert: 'a repository inserts into its own table',
  find: 'a repository reads one row of its own table',
  findById: 'a repository reads one row of its own table by id',
  countUpTo: "a repository's capped count of its own table (decision 44)",
};

/**
 * Renames owed where a name is shared for different things, by `service:name`, each with the names to
 * give. Emptied as they are done; a pending name that is no longer shared fails the check, so this list
 * cannot go stale.
 */
export const PENDING = {};

const LIBRARY = 'libs/platform/src';

/** `services/<name>/src` for each service, and the gateway, as [name, folder] under `root`. */
export function servicesOf(root) {
  const services = readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'services', entry.name, 'src')))
    .map((entry) => [entry.name, `services/${entry.name}/src`])
    .sort(([a], [b]) => a.localeCompare(b));
  return [...services, ['gateway', 'gateway/src']];
}

function sourceFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true })
    .map((name) => String(name).replace(/\\/g, '/'))
    .filter((name) => /\.ts$/.test(name) && !/\.(spec|test|d)\.ts$/.test(name))
    .sort();
}

const isHidden = (member) =>
  (ts.isPrivateIdentifier(member.name) ||
    (ts.getModifiers(member) ?? []).some(
      (m) =>
        m.kind === ts.SyntaxKind.PrivateKeyword ||
        m.kind === ts.SyntaxKind.ProtectedKeyword ||
        m.kind === ts.SyntaxKind.StaticKeyword,
    )) ??
  false;

/** `this.<field>.<method>(` calls in a node, as `field.method`, and `this.<method>(` calls, as `method`. */
function callsIn(node, sf) {
  const calls = new Set();
  const visit = (n) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const { expression: on, name } = n.expression;
      if (on.kind === ts.SyntaxKind.ThisKeyword) calls.add(name.getText(sf));
      else if (ts.isPropertyAccessExpression(on) && on.expression.kind === ts.SyntaxKind.ThisKeyword)
        calls.add(`${on.name.getText(sf)}.${name.getText(sf)}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return calls;
}

/** The calls of `method` and of the class's own methods it calls, transitively. */
function reachableCalls(method, bodies) {
  const seen = new Set([method]);
  const calls = new Set();
  const queue = [method];
  while (queue.length) {
    for (const call of bodies.get(queue.pop()) ?? []) {
      if (call.includes('.')) calls.add(call);
      else if (!seen.has(call)) (seen.add(call), queue.push(call));
    }
  }
  return calls;
}

/**
 * The @Injectable classes of a folder: name, file, constructor fields (name → type) and public methods
 * (name → the `this.field.method` calls in their bodies); and every type a constructor there takes.
 */
export function injectablesIn(root, folder) {
  const classes = [];
  const injectedTypes = new Set();
  for (const file of sourceFiles(join(root, folder))) {
    const text = readFileSync(join(root, folder, file), 'utf8');
    if (!text.includes('Injectable') && !text.includes('constructor')) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isConstructorDeclaration(node))
        for (const p of node.parameters) if (p.type) injectedTypes.add(typeName(p.type, sf));
      if (ts.isClassDeclaration(node) && node.name && isInjectable(node, sf)) {
        const fields = new Map();
        const bodies = new Map();
        const visible = new Set();
        for (const member of node.members) {
          if (ts.isConstructorDeclaration(member)) {
            for (const p of member.parameters)
              if (p.type && ts.isIdentifier(p.name)) fields.set(p.name.text, typeName(p.type, sf));
          } else if (ts.isMethodDeclaration(member) && member.name) {
            const name = member.name.getText(sf);
            const calls = bodies.get(name) ?? new Set();
            if (member.body) for (const call of callsIn(member.body, sf)) calls.add(call);
            bodies.set(name, calls);
            if (!isHidden(member)) visible.add(name);
          }
        }
        const methods = new Map([...visible].map((name) => [name, reachableCalls(name, bodies)]));
        classes.push({ name: node.name.text, file: `${folder}/${file}`, fields, methods });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { classes, injectedTypes };
}

function isInjectable(node, sf) {
  return (ts.getDecorators(node) ?? []).some((d) => /^Injectable\b/.test(d.expression.getText(sf)));
}

function typeName(type, sf) {
  return ts.isTypeReferenceNode(type) ? type.typeName.getText(sf) : type.getText(sf);
}

/**
 * Per service, each public method name more than one of its injected classes has for different things:
 * `{ service, verb, classes: [[A, B], [C]] }`, the classes grouped by hand-on (a group is one meaning).
 */
export function sharedVerbs(root) {
  const library = injectablesIn(root, LIBRARY).classes;
  const found = [];
  for (const [service, folder] of servicesOf(root)) {
    const own = injectablesIn(root, folder);
    const platform = library
      .filter((c) => own.injectedTypes.has(c.name))
      .map((c) => ({ ...c, methods: new Map([...c.methods.keys()].map((verb) => [verb, new Set()])) }));
    // A platform class's hand-on stays inside the platform, out of the service reader's sight: its names
    // must say what they do in every service, so its calls do not join it to another holder.
    const classes = [...own.classes, ...platform];
    const byName = new Map(classes.map((c) => [c.name, c]));
    const holders = new Map();
    for (const c of classes)
      for (const verb of c.methods.keys()) holders.set(verb, [...(holders.get(verb) ?? []), c.name]);
    for (const [verb, names] of [...holders].sort(([a], [b]) => a.localeCompare(b))) {
      if (names.length < 2) continue;
      const groups = groupByHandOn(verb, names, byName);
      if (groups.length > 1) found.push({ service, verb, classes: groups });
    }
  }
  return found;
}

/** Holders of `verb` joined where one's `verb` calls `this.<field>.verb(…)` on a field of another's type. */
function groupByHandOn(verb, names, byName) {
  const parent = new Map(names.map((n) => [n, n]));
  const top = (n) => (parent.get(n) === n ? n : top(parent.get(n)));
  for (const name of names) {
    const c = byName.get(name);
    for (const call of c.methods.get(verb)) {
      const [field, method] = call.split('.');
      const target = c.fields.get(field);
      if (method === verb && target && parent.has(target)) parent.set(top(name), top(target));
    }
  }
  const groups = new Map();
  for (const name of names) groups.set(top(name), [...(groups.get(top(name)) ?? []), name]);
  return [...groups.values()];
}

/** Each shared verb with its standing: `same-meaning`, `pending` or `new`; and pending entries not found. */
export function judge(found, sameMeaning = SAME_MEANING, pending = PENDING) {
  const rows = found.map((row) => ({
    ...row,
    standing:
      row.verb in sameMeaning ? 'same-meaning' : `${row.service}:${row.verb}` in pending ? 'pending' : 'new',
  }));
  const seen = new Set(found.map((row) => `${row.service}:${row.verb}`));
  const stale = Object.keys(pending).filter((key) => !seen.has(key));
  return { rows, stale };
}

export function format({ rows, stale }) {
  const lines = [];
  let service = null;
  for (const row of rows) {
    if (row.service !== service) lines.push(`${(service = row.service)}:`);
    const groups = row.classes.map((group) => group.join(' + ')).join(' | ');
    lines.push(`  ${row.verb.padEnd(26)} ${row.standing.padEnd(12)} ${groups}`);
  }
  for (const key of stale) lines.push(`stale: ${key} is in PENDING but no longer shared; take it out`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const verdict = judge(sharedVerbs(root));
  if (!process.argv.includes('--check')) console.log(format(verdict));
  else {
    const fresh = verdict.rows.filter((row) => row.standing === 'new');
    const pending = verdict.rows.filter((row) => row.standing === 'pending').length;
    if (fresh.length || verdict.stale.length) {
      console.error(format({ rows: fresh, stale: verdict.stale }));
      console.error(
        `\n${relative(process.cwd(), fileURLToPath(import.meta.url))}: ${fresh.length} name(s) shared for different things` +
          ' in one service: rename them so each says what it does, or add a same-meaning verb to SAME_MEANING.',
      );
      process.exit(1);
    }
    console.log(`shared-verbs: no name shared for different things (${pending} renames pending)`);
  }
}
