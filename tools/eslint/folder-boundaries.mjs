// avpass/folder-boundaries: inside a service, each folder of src/ (an aggregate: codes/, redemptions/,
// …) is entered through its own index.ts, and folders do not import each other in a circle (house
// habit 18). For a file under services/<service>/src/<folder>/, the rule reports:
//   1. an import of another folder of the same service that does not name that folder itself
//      (`../codes`, `../codes/index`): `../codes/qr-codes.repository` reaches into its internals;
//   2. an import of another folder (or of a top-level file) from which the importing folder can be
//      reached again: the import closes a cycle of the service's folder graph, and the message names it.
// Top-level files of src/ (main.ts, app.module.ts, config.ts, clock.ts, index.ts, migrations/) are the
// composition root and are not checked themselves; they are nodes of the graph, so a folder that
// imports app.module.ts (which imports every folder) is a cycle too. Tests under services/*/test are
// outside src/ and not checked.
import { folderOf, importGraph, nodeOf, pathBetween, resolveImport } from './service-folders.mjs';

/** The composition root's own folder: migrations import the SQL of the folders that own the tables. */
const ROOT_FOLDERS = new Set(['migrations']);

export const folderBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A service's folders are entered through their index.ts, and the folder import graph has no cycle.",
    },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches into {{folder}}/ past its index.ts: import '{{entry}}' and export what you need from {{folder}}/index.ts.",
      cycle: "'{{source}}' closes a cycle between the folders of this service: {{path}}.",
    },
  },
  create(context) {
    const here = folderOf(context.filename);
    if (!here || ROOT_FOLDERS.has(here.folder)) return {};
    const file = context.filename.replaceAll('\\', '/');
    let graph;
    const graphOnce = () => (graph ??= importGraph(here.src, { file, text: context.sourceCode.text }));

    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveImport(file, source);
      const to = nodeOf(here.src, target);
      const from = `${here.folder}/`;
      if (!to || to === from) return;
      if (to.endsWith('/')) {
        const folder = to.slice(0, -1);
        const entries = [`${here.src}/${folder}/index.ts`, `${here.src}/${folder}`];
        if (!entries.includes(target.replace(/\/index$/, '/index.ts'))) {
          const up = source.split('/').filter((p) => p === '..').length;
          const entry = `${'../'.repeat(Math.max(up, 1))}${folder}`;
          context.report({ node, messageId: 'internal', data: { source, folder, entry } });
        }
      }
      const back = pathBetween(graphOnce(), to, from);
      if (back) {
        const path = [from, ...back].map((n) => n.replace(/\/$/, '')).join(' → ');
        context.report({ node, messageId: 'cycle', data: { source, path } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
