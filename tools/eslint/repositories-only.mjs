// avpass/repositories-only: only repositories touch the database (docs/adding-a-service.md, "Adding a
// repository / SQL"). Handlers translate, services hold the rules and may open a transaction —
// `transactions.run(async (tx) => …)` with `Transactions` from @avpass/platform — and hand its `tx` to
// repository methods and `EventOutbox.enqueueEvent`; every query, MikroORM call or raw SQL, lives in a
// `*.repository.ts`. Migrations and tests are exempt (they are about the database itself).
//
// In the files it applies to, the rule reports:
//   1. importing a database handle from MikroORM (`EntityManager`, `SqlEntityManager`, `MikroORM`,
//      `Knex`, `raw`, `sql`, …, as a type or a value), any namespace import of `@mikro-orm/*`, and any
//      import of a driver (`knex`, `pg`). Entity decorators and error classes stay importable.
//   2. a call on a database handle: on a value whose type is one (MikroORM's `EntityManager`,
//      `MikroORM`, `Connection`, `QueryBuilder`, `EntityRepository`, knex's `Knex`) when type
//      information is available, and on anything named like one (`em`, `*Em`, `entityManager`, `orm`,
//      `tx`, `*Tx`, `trx`, `knex`) in any case; and a call of a method only a database handle has
//      (`execute`, `getKnex`, `getConnection`, `createQueryBuilder`, `transactional`, …) on anything.
//      Passing `tx` on (`this.repo.save(tx, …)`) is not a call on it.
//   3. a string or template literal that is an SQL statement: one that starts with `select … from`,
//      `insert into`, `update … set`, `delete from`, `with … as (`, DDL or `truncate`, in lower or
//      upper case (a capitalised sentence such as "Select a partner from the list" is not SQL).

const RULE_DOCS =
  'Only repositories (*.repository.ts), migrations and tests touch the database; services open a transaction with Transactions.run (@avpass/platform) and nothing else.';

/** Names a database handle is imported by; importing any of them outside a repository is reported. */
export const DATABASE_HANDLES = new Set([
  'EntityManager',
  'SqlEntityManager',
  'EntityRepository',
  'SqlEntityRepository',
  'MikroORM',
  'Connection',
  'AbstractSqlConnection',
  'PostgreSqlConnection',
  'QueryBuilder',
  'Knex',
  'knex',
  'raw',
  'sql',
  'RequestContext',
  'TransactionContext',
  'createSqlFunction',
]);

/** Packages that are a database driver or query builder: nothing of theirs outside a repository. */
const DRIVER_PACKAGES = /^(knex|pg|pg-pool|postgres|@mikro-orm\/knex)(\/|$)/;
const ORM_PACKAGES = /^@mikro-orm\//;

/** Methods only a database handle has: a call of one is reported whatever it is called on. */
export const DATABASE_METHODS = new Set([
  'execute',
  'getKnex',
  'getConnection',
  'getTransactionContext',
  'createQueryBuilder',
  'transactional',
  'nativeInsert',
  'nativeUpdate',
  'nativeDelete',
  'persistAndFlush',
  'removeAndFlush',
]);

/** Names a database handle goes by: any call on one is reported. */
const HANDLE_NAME = /^(em|entityManager|orm|tx|trx|knex)$|[a-z0-9](Em|Tx|EntityManager)$/;

/** The types of database handles, as declared by MikroORM or knex (found through type information). */
const HANDLE_TYPE =
  /^(EntityManager|SqlEntityManager|MikroORM|EntityRepository|SqlEntityRepository|Connection|AbstractSqlConnection|PostgreSqlConnection|QueryBuilder|Knex)$/;
const HANDLE_TYPE_PACKAGE = /[\\/]node_modules[\\/](@mikro-orm[\\/][^\\/]+|knex)[\\/]/;

/**
 * An SQL statement, by how it starts. Keywords in lower or upper case; a literal that starts like a
 * capitalised sentence ("Update failed", "Select a partner from the list") is never SQL.
 */
const SQL_STATEMENT = new RegExp(
  '^[\\s(]*(?:' +
    [
      'select\\s+[^;]*?\\bfrom\\s+[\\w"(.]',
      'select\\s+(?:1|true|now\\(|count\\(|exists\\s*\\(|pg_\\w+\\(|set_config\\(|nextval\\()',
      'insert\\s+into\\s+[\\w"]',
      'update\\s+[\\w".]+\\s+(?:(?:as\\s+)?\\w+\\s+)?set\\s',
      'delete\\s+from\\s+[\\w"]',
      'with\\s+(?:recursive\\s+)?[\\w"]+\\s*(?:\\([^)]*\\)\\s*)?as\\s+(?:not\\s+)?(?:materialized\\s+)?\\(',
      '(?:create|alter|drop)\\s+(?:unique\\s+)?(?:table|index|extension|schema|function|trigger|view|materialized\\s+view|sequence|type)\\s',
      'truncate\\s+(?:table\\s+)?[\\w"]',
      'lock\\s+table\\s',
      'merge\\s+into\\s',
    ].join('|') +
    ')',
  'i',
);
const CAPITALISED = /^[\s(]*[A-Z][a-z]/;

/** True when the text of a string or template literal is an SQL statement. */
export function isSqlStatement(text) {
  return !CAPITALISED.test(text) && SQL_STATEMENT.test(text);
}

/**
 * Files the rule never applies to: repositories, migrations (`migrations/`, `migration-*.ts`,
 * `*-migration.ts`), tests and the test helpers.
 */
export function isExemptFile(filename) {
  const path = filename.replaceAll('\\', '/');
  return (
    /\.repository\.ts$/.test(path) ||
    /\/migrations\//.test(path) ||
    /(^|\/)(migration-[^/]*|[^/]*-migration)\.ts$/.test(path) ||
    /\.(spec|test)\.tsx?$/.test(path) ||
    /\.e2e\.ts$/.test(path) ||
    /\/(test|e2e)\//.test(path) ||
    /\/libs\/platform\/src\/testing\//.test(path)
  );
}

/** The name a receiver goes by: `em`, `this.em`, `this.orm.em`, `foo().tx` → `em`/`tx`. */
function receiverName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier')
    return node.property.name;
  if (node.type === 'TSNonNullExpression' || node.type === 'TSAsExpression')
    return receiverName(node.expression);
  return undefined;
}

/** A short text of the receiver for messages: `this.em`, `tx`. */
function receiverText(sourceCode, node) {
  const text = sourceCode.getText(node);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** With type information: is this type (or a base of it) a MikroORM / knex database handle? */
function isHandleType(type, seen = new Set()) {
  if (!type || seen.has(type)) return false;
  seen.add(type);
  if (type.isUnion?.() || type.isIntersection?.()) return type.types.some((t) => isHandleType(t, seen));
  const symbol = type.getSymbol?.() ?? type.aliasSymbol;
  if (symbol && HANDLE_TYPE.test(symbol.getName())) {
    const declared = (symbol.getDeclarations?.() ?? []).some((d) =>
      HANDLE_TYPE_PACKAGE.test(d.getSourceFile().fileName),
    );
    if (declared) return true;
  }
  const target = type.target && type.target !== type ? type.target : undefined;
  if (target && isHandleType(target, seen)) return true;
  return (type.getBaseTypes?.() ?? []).some((t) => isHandleType(t, seen));
}

export const repositoriesOnly = {
  meta: {
    type: 'problem',
    docs: { description: RULE_DOCS },
    schema: [],
    messages: {
      import:
        "'{{name}}' from '{{source}}' is a database handle: only repositories (*.repository.ts), migrations and tests touch the database. Open a transaction with Transactions.run (@avpass/platform), type it Tx, and pass it to a repository method.",
      namespace:
        "A namespace import of '{{source}}' hides what is used: import entity decorators and errors by name (database handles belong to repositories).",
      driver:
        "'{{source}}' is a database driver: only repositories (*.repository.ts), migrations and tests use it.",
      call: "'{{receiver}}.{{method}}(…)' touches the database: move it into a repository (*.repository.ts) method; a service only opens a transaction (Transactions.run) and passes its tx on.",
      sql: 'Raw SQL belongs in a repository (*.repository.ts) or a migration, not here.',
    },
  },
  create(context) {
    if (isExemptFile(context.filename)) return {};
    const sourceCode = context.sourceCode;
    const services = sourceCode.parserServices;
    const checker =
      services?.program && services.esTreeNodeToTSNodeMap ? services.program.getTypeChecker() : undefined;

    const handleByType = (node) => {
      if (!checker) return false;
      const tsNode = services.esTreeNodeToTSNodeMap.get(node);
      return tsNode ? isHandleType(checker.getTypeAtLocation(tsNode)) : false;
    };

    const checkImport = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      if (DRIVER_PACKAGES.test(source)) {
        context.report({ node: node.source, messageId: 'driver', data: { source } });
        return;
      }
      if (!ORM_PACKAGES.test(source)) return;
      for (const specifier of node.specifiers ?? []) {
        if (specifier.type === 'ImportNamespaceSpecifier' || specifier.type === 'ExportNamespaceSpecifier') {
          context.report({ node: specifier, messageId: 'namespace', data: { source } });
          continue;
        }
        const imported =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : (specifier.imported?.name ?? specifier.local?.name);
        if (imported === 'default' || DATABASE_HANDLES.has(imported)) {
          context.report({ node: specifier, messageId: 'import', data: { name: imported, source } });
        }
      }
      if (node.type === 'ExportAllDeclaration') {
        context.report({ node, messageId: 'namespace', data: { source } });
      }
    };

    const checkSql = (node, text) => {
      if (isSqlStatement(text)) context.report({ node, messageId: 'sql' });
    };

    return {
      ImportDeclaration: checkImport,
      ExportNamedDeclaration: (node) => node.source && checkImport(node),
      ExportAllDeclaration: checkImport,
      ImportExpression(node) {
        const source = node.source.type === 'Literal' ? node.source.value : undefined;
        if (typeof source === 'string' && (DRIVER_PACKAGES.test(source) || ORM_PACKAGES.test(source))) {
          context.report({ node: node.source, messageId: 'driver', data: { source } });
        }
      },
      CallExpression(node) {
        const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
          return;
        const method = callee.property.name;
        const receiver = callee.object;
        if (receiver.type === 'Super') return;
        const name = receiverName(receiver);
        if (
          DATABASE_METHODS.has(method) ||
          (name !== undefined && HANDLE_NAME.test(name)) ||
          handleByType(receiver)
        ) {
          context.report({
            node: callee.property,
            messageId: 'call',
            data: { receiver: receiverText(sourceCode, receiver), method },
          });
        }
      },
      Literal(node) {
        if (typeof node.value === 'string') checkSql(node, node.value);
      },
      TemplateLiteral(node) {
        checkSql(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('x'));
      },
    };
  },
};
