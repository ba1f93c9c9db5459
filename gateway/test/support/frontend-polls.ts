import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One poll the screens make: the route pattern it asks (`/api/qr-codes/:param`) and where it is set up. */
export interface FrontendPoll {
  url: string;
  where: string;
}

/**
 * Every URL the frontend polls, read from its source with the TypeScript parser (decision 250): each
 * query object that sets `refetchInterval` (other than `false`), directly or by spreading a helper that
 * does (`...live(ms)`, `...live`), polls the URL its `queryKey` starts with (the frontend's rule: a
 * TanStack Query key starts with the URL). The URL expression is followed through constants
 * (`VOUCHER_URLS.adminStats`), local variables, functions' returns and a function's parameter to every
 * call of the function (`usePagedList(CREDIT_URLS.ledger, …)`). A poll whose URL cannot be told this way
 * throws: the check stays strict rather than missing a poll.
 */
export function frontendPolls(srcDir: string): FrontendPoll[] {
  return new PollScanner(srcDir).polls();
}

type Declaration = ts.VariableDeclaration | ts.FunctionDeclaration | ts.ParameterDeclaration;

class PollScanner {
  private readonly files = new Map<string, ts.SourceFile>();
  /** One walk of every file: the poll settings, and the spreads and calls by the name they use. */
  private readonly settings: ts.Node[] = [];
  private readonly spreads = new Map<string, ts.SpreadAssignment[]>();
  private readonly calls = new Map<string, ts.CallExpression[]>();

  constructor(private readonly srcDir: string) {
    for (const path of sourceFiles(srcDir)) {
      const text = readFileSync(path, 'utf8');
      const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
      this.files.set(path, file);
      visit(file, (node) => {
        if (isPollSetting(node)) this.settings.push(node);
        if (ts.isSpreadAssignment(node)) {
          const spread = unwrap(node.expression);
          const callee = ts.isCallExpression(spread) ? unwrap(spread.expression) : spread;
          if (ts.isIdentifier(callee)) push(this.spreads, callee.text, node);
        }
        if (ts.isCallExpression(node)) {
          const callee = unwrap(node.expression);
          if (ts.isIdentifier(callee)) push(this.calls, callee.text, node);
        }
      });
    }
  }

  polls(): FrontendPoll[] {
    const found = new Map<string, FrontendPoll>();
    for (const setting of this.settings) {
      for (const poll of this.pollsOfObject(setting.parent as ts.ObjectLiteralExpression, new Set())) {
        found.set(`${poll.url} ${poll.where}`, poll);
      }
    }
    return [...found.values()].sort((a, b) => a.url.localeCompare(b.url) || a.where.localeCompare(b.where));
  }

  /** The polls of a query object that polls: its queryKey's URL, or, for a helper, of every spread of it. */
  private pollsOfObject(object: ts.ObjectLiteralExpression, seen: Set<ts.Node>): FrontendPoll[] {
    if (seen.has(object)) return [];
    seen.add(object);
    const key = object.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && nameOf(p.name) === 'queryKey',
    );
    if (key) {
      const list = unwrap(key.initializer);
      if (!ts.isArrayLiteralExpression(list) || list.elements.length === 0) {
        throw new Error(`${this.where(key)}: a polled queryKey that is no [url, …] list`);
      }
      return this.urlsOf(list.elements[0]!, 0).map((url) => ({ url, where: this.where(object) }));
    }
    const helper = helperName(object);
    if (!helper) throw new Error(`${this.where(object)}: a poll with no queryKey naming its URL`);
    return (this.spreads.get(helper) ?? []).flatMap((spread) =>
      this.pollsOfObject(spread.parent as ts.ObjectLiteralExpression, seen),
    );
  }

  /** The URL patterns an expression may be (`${…}` in a template becomes `:param`). */
  private urlsOf(node: ts.Expression, depth: number): string[] {
    if (depth > 12) throw new Error(`${this.where(node)}: URL expression too deep to follow`);
    const expr = unwrap(node);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
      return [this.apiUrl(expr.text, expr)];
    }
    if (ts.isTemplateExpression(expr)) {
      const text = expr.head.text + expr.templateSpans.map((span) => `:param${span.literal.text}`).join('');
      return [this.apiUrl(text, expr)];
    }
    if (ts.isConditionalExpression(expr)) {
      return [...this.urlsOf(expr.whenTrue, depth + 1), ...this.urlsOf(expr.whenFalse, depth + 1)];
    }
    if (ts.isPropertyAccessExpression(expr)) {
      const value = this.propertyValue(expr);
      if (value) return this.urlsOf(value, depth + 1);
    }
    if (ts.isIdentifier(expr)) {
      const declaration = this.resolve(expr);
      if (declaration && ts.isParameter(declaration)) return this.argumentsOf(declaration, depth);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        return this.urlsOf(declaration.initializer, depth + 1);
      }
    }
    if (ts.isCallExpression(expr)) {
      const callee = unwrap(expr.expression);
      const target = ts.isIdentifier(callee)
        ? this.functionOf(this.resolve(callee))
        : ts.isPropertyAccessExpression(callee)
          ? this.propertyValue(callee)
          : undefined;
      if (target && (ts.isArrowFunction(target) || ts.isFunctionDeclaration(target))) {
        return returnsOf(target).flatMap((returned) => this.urlsOf(returned, depth + 1));
      }
    }
    throw new Error(`${this.where(node)}: cannot tell which URL \`${node.getText()}\` is`);
  }

  /** Every argument passed for this parameter, wherever the function is called by its name. */
  private argumentsOf(parameter: ts.ParameterDeclaration, depth: number): string[] {
    const fn = parameter.parent;
    const name = functionName(fn);
    if (!name) throw new Error(`${this.where(parameter)}: a URL parameter of an unnamed function`);
    const index = fn.parameters.indexOf(parameter);
    return (this.calls.get(name) ?? []).flatMap((call) => {
      const argument = call.arguments[index];
      if (!argument) throw new Error(`${this.where(call)}: ${name}() called without its URL`);
      return this.urlsOf(argument, depth + 1);
    });
  }

  /** `OBJ.key`'s value when OBJ is a constant object literal. */
  private propertyValue(access: ts.PropertyAccessExpression): ts.Expression | undefined {
    const owner = unwrap(access.expression);
    if (!ts.isIdentifier(owner)) return undefined;
    const declaration = this.resolve(owner);
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
    const object = unwrap(declaration.initializer);
    if (!ts.isObjectLiteralExpression(object)) return undefined;
    const property = object.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && nameOf(p.name) === access.name.text,
    );
    return property?.initializer;
  }

  private functionOf(declaration: Declaration | undefined): ts.Node | undefined {
    if (!declaration) return undefined;
    if (ts.isFunctionDeclaration(declaration)) return declaration;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer)
      return unwrap(declaration.initializer);
    return undefined;
  }

  /** The declaration an identifier names: a parameter or local, else the file's own, else the imported one. */
  private resolve(identifier: ts.Identifier): Declaration | undefined {
    const name = identifier.text;
    for (let scope: ts.Node | undefined = identifier.parent; scope; scope = scope.parent) {
      if (ts.isFunctionLike(scope)) {
        const parameter = scope.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
        if (parameter) return parameter;
      }
      if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
        const local = declaredIn(scope.statements, name);
        if (local) return local;
      }
    }
    return this.imported(identifier.getSourceFile(), name, 0);
  }

  private imported(file: ts.SourceFile, name: string, depth: number): Declaration | undefined {
    if (depth > 6) return undefined;
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      let wanted: string | undefined;
      if (ts.isImportDeclaration(statement)) {
        const named = statement.importClause?.namedBindings;
        if (!named || !ts.isNamedImports(named)) continue;
        const element = named.elements.find((e) => e.name.text === name);
        wanted = element && (element.propertyName ?? element.name).text;
      } else if (!statement.exportClause) {
        wanted = name; // export * from '…'
      } else if (ts.isNamedExports(statement.exportClause)) {
        const element = statement.exportClause.elements.find((e) => e.name.text === name);
        wanted = element && (element.propertyName ?? element.name).text;
      }
      if (!wanted) continue;
      const target = this.files.get(this.modulePath(file.fileName, specifier.text) ?? '');
      if (!target) continue;
      const found = declaredIn(target.statements, wanted) ?? this.imported(target, wanted, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  private modulePath(from: string, specifier: string): string | undefined {
    const base = specifier.startsWith('@/')
      ? join(this.srcDir, specifier.slice(2))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : undefined;
    if (!base) return undefined;
    return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) =>
      this.files.has(path),
    );
  }

  private apiUrl(text: string, node: ts.Node): string {
    const url = text.split('?')[0]!;
    if (!url.startsWith('/api/')) throw new Error(`${this.where(node)}: a polled URL outside /api: ${text}`);
    return url;
  }

  private where(node: ts.Node): string {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${relative(this.srcDir, file.fileName)}:${line + 1}`;
  }
}

/** `refetchInterval: …` (not `false`) in an object literal. */
function isPollSetting(node: ts.Node): boolean {
  if (!node.parent || !ts.isObjectLiteralExpression(node.parent)) return false;
  if (ts.isShorthandPropertyAssignment(node)) return node.name.text === 'refetchInterval';
  return (
    ts.isPropertyAssignment(node) &&
    nameOf(node.name) === 'refetchInterval' &&
    unwrap(node.initializer).kind !== ts.SyntaxKind.FalseKeyword
  );
}

/** The name a helper object is bound to: `const live = {…}` or `const live = (ms) => ({…})`. */
function helperName(object: ts.ObjectLiteralExpression): string | undefined {
  let node: ts.Node = object;
  while (
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isSatisfiesExpression(node.parent) ||
    (ts.isArrowFunction(node.parent) && node.parent.body === node)
  ) {
    node = node.parent;
  }
  const declaration = node.parent;
  return declaration && ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name)
    ? declaration.name.text
    : undefined;
}

function functionName(fn: ts.SignatureDeclaration): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  const holder = fn.parent;
  return holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)
    ? holder.name.text
    : undefined;
}

function returnsOf(fn: ts.ArrowFunction | ts.FunctionDeclaration): ts.Expression[] {
  if (fn.body && !ts.isBlock(fn.body)) return [fn.body];
  const returned: ts.Expression[] = [];
  if (fn.body) {
    visit(fn.body, (node) => {
      if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
    });
  }
  return returned;
}

function declaredIn(statements: ts.NodeArray<ts.Statement>, name: string): Declaration | undefined {
  for (const statement of statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (ts.isVariableStatement(statement)) {
      const found = statement.declarationList.declarations.find(
        (d) => ts.isIdentifier(d.name) && d.name.text === name,
      );
      if (found) return found;
    }
  }
  return undefined;
}

function unwrap(node: ts.Expression): ts.Expression {
  let expr = node;
  while (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isSatisfiesExpression(expr) ||
    ts.isNonNullExpression(expr)
  ) {
    expr = expr.expression;
  }
  return expr;
}

function nameOf(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  ts.forEachChild(node, (child) => visit(child, each));
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return existsSync(dir) ? files : [];
}
