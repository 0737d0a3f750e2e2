import { parseAst, type Plugin } from 'vite';

const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** The start of every call made while the module loads; a function's body runs later and is left alone. */
function loadTimeCalls(node: Node, starts: Set<number>): void {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) loadTimeCalls(v, starts);
    if (isNode(value)) loadTimeCalls(value, starts);
  }
}

/** Marks every call in the initial values of a module's top-level constants `@__PURE__`. */
export function markPure(code: string): string {
  const starts = new Set<number>();
  for (const stmt of parseAst(code).body as unknown as Node[]) {
    const decl = stmt.type === 'ExportNamedDeclaration' ? (stmt.declaration as Node | null) : stmt;
    if (decl?.type !== 'VariableDeclaration') continue;
    for (const d of decl.declarations as Node[]) if (isNode(d.init)) loadTimeCalls(d.init, starts);
  }
  let out = code;
  for (const at of [...starts].sort((a, b) => b - a)) out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
  return out;
}

/**
 * The contract's modules build their zod schemas and call definitions as they load, and a bundler keeps any call
 * it cannot prove harmless: a module that imports the contract only for its loader (which the browser build drops)
 * still brought the contract module, its schemas and zod into the page. In the browser build those top-level calls
 * are marked pure and the modules free of side effects, so a contract module nothing in the browser uses is left out
 * (decision 55). Nothing is lost: a
 * schema or call a page does use is kept with all it needs; only the server reads `.meta()` registrations.
 */
export function pureContract(): Plugin {
  return {
    name: 'qingke:pure-contract',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (env) => env.name === 'client',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!CONTRACT_MODULE.test(file) || file.endsWith('.test.ts')) return null;
      // zod-config.ts sets zod up before any schema is built: the one contract module run for what it does
      if (file.endsWith('zod-config.ts')) return null;
      return { code: markPure(code), map: null, moduleSideEffects: false };
    },
  };
}
