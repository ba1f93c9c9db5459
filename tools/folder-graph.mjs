// The import graph between the folders (and top-level files) of a service's src/: how many nodes and
// arrows, which arrows lie on a cycle, and with --arrows every arrow. The figures issue 38's note
// quotes, from the same reading of imports as avpass/folder-boundaries.
//   node tools/folder-graph.mjs services/vouchers/src [--arrows]
import { resolve } from 'node:path';
import { arrowsOnCycles, importGraph, nodeOf, sourceFiles } from './eslint/service-folders.mjs';

const src = resolve(process.argv[2] ?? 'services/vouchers/src').replaceAll('\\', '/');
const graph = importGraph(src);
const nodes = [...new Set(sourceFiles(src).map((f) => nodeOf(src, f)))].sort();
const arrows = [...graph].flatMap(([from, to]) => [...to].map((t) => `${from} -> ${t}`)).sort();
const cycles = arrowsOnCycles(graph);
console.log(`nodes ${nodes.length}: ${nodes.join(' ')}`);
console.log(
  `arrows ${arrows.length}; on a cycle ${cycles.length}${cycles.length ? `: ${cycles.join(', ')}` : ''}`,
);
if (process.argv.includes('--arrows')) console.log(arrows.join('\n'));
