import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { domainOf, isTest, isTesting, MODULES, resolveImport } from './layout.ts';

/** One reason domain `from` depends on domain `to`: a file of `from` importing a file of `to`. */
export interface Edge {
  file: string;
  target: string;
}

/** domain → the domains it imports, each with the first import found (for the message). */
export type DomainGraph = Map<string, Map<string, Edge>>;

/**
 * Every import in a domain's code counts, type-only ones too: a type import ties a domain to another's shape as
 * surely as a call does, and the named bends (course ↔ data, user ↔ lecturer) were type imports on one side.
 * Tests and test helpers (`*.test.ts`, `*.testing.ts`) do not count: they never run in the server, and a test of
 * one domain may well drive another (a ledger test buys a course).
 */
export const countsForCycles = (file: string) => !isTest(file) && !isTesting(file);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    const file = path.join(e.parentPath, e.name);
    return e.isFile() && /\.tsx?$/.test(e.name) && countsForCycles(file) ? [file] : [];
  });
}

/** The files `file` imports (static, type-only, re-exports and literal dynamic imports alike). */
function importsOnDisk(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.flatMap((f) => resolveImport(f.fileName, file) ?? []);
}

export function addEdge(graph: DomainGraph, file: string, target: string): void {
  const from = domainOf(file);
  const to = domainOf(target);
  if (!from || !to || from === to) return;
  let out = graph.get(from);
  if (!out) graph.set(from, (out = new Map()));
  if (!out.has(to)) out.set(to, { file, target });
}

let built: { graph: DomainGraph; byFile: Map<string, string[]> } | undefined;

/**
 * The domains' import graph as the files on disk have it, read once per process (one `eslint .` run), leaving
 * out `except`: the file being linted, whose imports the rule takes from its own source instead.
 */
export function domainGraph(except: string): DomainGraph {
  if (!built) {
    const byFile = new Map(filesUnder(MODULES).map((f) => [f, importsOnDisk(f)] as const));
    built = { graph: new Map(), byFile };
  }
  const graph: DomainGraph = new Map();
  for (const [file, targets] of built.byFile) if (file !== except) for (const t of targets) addEdge(graph, file, t);
  return graph;
}

/** A path of imports from domain `from` to domain `to`, or undefined when there is none. */
export function pathBetween(graph: DomainGraph, from: string, to: string): Edge[] | undefined {
  const via = new Map<string, { prev: string; edge: Edge }>();
  const queue = [from];
  const seen = new Set(queue);
  while (queue.length) {
    const d = queue.shift()!;
    if (d === to) {
      const out: Edge[] = [];
      for (let at = to; at !== from;) {
        const step = via.get(at)!;
        out.unshift(step.edge);
        at = step.prev;
      }
      return out;
    }
    for (const [next, edge] of graph.get(d) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      via.set(next, { prev: d, edge });
      queue.push(next);
    }
  }
  return undefined;
}
