import path from 'node:path';
import type { ESLint, Rule } from 'eslint';
import { countsForCycles, domainGraph, pathBetween } from './domain-graph.ts';
import {
  domainOf,
  inPlatform,
  inServer,
  inWeb,
  inWebBuild,
  isPublicFace,
  MODULES,
  rel,
  resolveImport,
  SERVER,
} from './layout.ts';

/**
 * The house's boundaries as lint rules (docs/house-rules.md, decision 29). Each rule judges the files a module
 * imports: static imports, type-only imports, re-exports, and dynamic imports of a literal path.
 */

const DOC = '(docs/house-rules.md)';
const SERVER_SRC = path.join(SERVER, 'src');

interface ImportSeen {
  node: Rule.Node;
  /** the imported file, absolute; packages are left out */
  target: string;
  dynamic: boolean;
}

type SourceNode = { type: string; value?: unknown; literal?: SourceNode };

/** Calls `seen` for each import of a file of this repository in the linted source. */
function onImports(context: Rule.RuleContext, seen: (i: ImportSeen) => void): Rule.RuleListener {
  const file = context.filename;
  const check = (node: Rule.Node, source: SourceNode | null | undefined, dynamic: boolean) => {
    const literal = source?.type === 'TSLiteralType' ? source.literal : source;
    if (literal?.type !== 'Literal' || typeof literal.value !== 'string') return;
    const target = resolveImport(literal.value, file);
    if (target) seen({ node, target, dynamic });
  };
  const withSource = (node: Rule.Node & { source?: SourceNode | null }) => check(node, node.source, false);
  return {
    ImportDeclaration: withSource,
    ExportNamedDeclaration: withSource,
    ExportAllDeclaration: withSource,
    ImportExpression: (node) => check(node, node.source as SourceNode, true),
    // `import('x').T` in a type position (typescript-eslint's node)
    TSImportType: (node: Rule.Node & { argument?: SourceNode; source?: SourceNode }) =>
      check(node, node.source ?? node.argument, false),
  } as Rule.RuleListener;
}

const domainBoundary: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'A domain imports another domain only through its public face.' },
    schema: [],
    messages: {
      boundary:
        'house/domain-boundary: {{from}} imports {{target}}; a domain reaches another only through its service or ' +
        'the contract: its index.ts, *.service.ts or *.policy.ts, and *.testing.ts from tests ' +
        DOC,
    },
  },
  create(context) {
    const from = domainOf(context.filename);
    if (!from) return {};
    return onImports(context, ({ node, target }) => {
      const to = domainOf(target);
      if (!to || to === from || isPublicFace(target, context.filename)) return;
      context.report({ node, messageId: 'boundary', data: { from, target: rel(target, MODULES) } });
    });
  },
};

const domainCycle: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'The domains import each other without a cycle.' },
    schema: [],
    messages: {
      cycle:
        'house/domain-cycle: {{from}} imports {{to}}, and {{to}} already reaches {{from}} ({{chain}}); the ' +
        "domains' graph stays acyclic, type-only imports included (tests aside): invert one side through the " +
        'wiring ' +
        DOC,
    },
  },
  create(context) {
    const file = context.filename;
    const from = domainOf(file);
    if (!from || !countsForCycles(file)) return {};
    const reported = new Set<string>();
    return onImports(context, ({ node, target }) => {
      const to = domainOf(target);
      if (!to || to === from || reported.has(to)) return;
      const back = pathBetween(domainGraph(file), to, from);
      if (!back) return;
      reported.add(to);
      const chain = back.map((e) => `${rel(e.file, MODULES)} → ${rel(e.target, MODULES)}`).join(', ');
      context.report({ node, messageId: 'cycle', data: { from, to, chain } });
    });
  },
};

const platformNoDomain: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'The platform imports no domain.' },
    schema: [],
    messages: {
      platform:
        'house/platform-no-domain: {{from}} imports {{target}}; the platform serves every domain and imports none: ' +
        'move the shared piece into platform/ or the contract, or take it as a parameter ' +
        DOC,
    },
  },
  create(context) {
    if (!inPlatform(context.filename)) return {};
    return onImports(context, ({ node, target }) => {
      if (!target.startsWith(MODULES + path.sep)) return;
      context.report({
        node,
        messageId: 'platform',
        data: { from: rel(context.filename, SERVER_SRC), target: rel(target, SERVER_SRC) },
      });
    });
  },
};

const serverNoWeb: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'The server imports nothing of the web app but, dynamically, its build.' },
    schema: [],
    messages: {
      web:
        'house/server-no-web: {{from}} imports {{target}}; the server imports nothing of the pages (only a dynamic ' +
        'import of their build, apps/web/build): share it through packages/contract ' +
        DOC,
    },
  },
  create(context) {
    if (!inServer(context.filename)) return {};
    return onImports(context, ({ node, target, dynamic }) => {
      if (!inWeb(target) || (dynamic && inWebBuild(target))) return;
      context.report({ node, messageId: 'web', data: { from: rel(context.filename), target: rel(target) } });
    });
  },
};

const noBending: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'No inline comment switches the house rules off.' },
    schema: [],
    messages: {
      bend:
        'house/no-bending: an inline comment switches off {{what}}; a house rule is kept by resolving the bend ' +
        '(move the function to the service that owns the rule, inject it through the wiring, or move a shared ' +
        'pure helper to platform/ or the contract), or changed in the open with a decision record ' +
        DOC,
    },
  },
  create(context) {
    return {
      Program() {
        for (const c of context.sourceCode.getAllComments()) {
          const m = /^\s*eslint-disable(?:-next-line|-line)?(?:\s+([^]*?))?(?:\s+--[^]*)?\s*$/.exec(c.value);
          if (!m) continue;
          const rules = m[1]?.trim();
          if (rules && !/\bhouse\//.test(rules)) continue;
          context.report({ loc: c.loc!, messageId: 'bend', data: { what: rules ? rules : 'every rule' } });
        }
      },
    };
  },
};

const plugin: ESLint.Plugin = {
  meta: { name: 'eslint-plugin-house' },
  rules: {
    'domain-boundary': domainBoundary,
    'domain-cycle': domainCycle,
    'platform-no-domain': platformNoDomain,
    'server-no-web': serverNoWeb,
    'no-bending': noBending,
  },
};

export default plugin;
