import { type Plugin, parseAst } from 'vite';

/** Workspace sources (core, sdk) whose zod schemas the elements build reduces. */
const WORKSPACE_SOURCE = /[\\/]packages[\\/](core|sdk)[\\/]src[\\/].*\.ts$/;
const Z_IMPORT = /import\s*\{\s*z\s*\}\s*from\s*(['"])zod\1/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The identifier a chain of calls and member reads starts from (`z` of `z.string().min(1)`), if any. */
function chainRoot(node: Node): string | undefined {
  let current = node;
  for (;;) {
    if (current.type === 'CallExpression') current = current.callee as Node;
    else if (current.type === 'MemberExpression') current = current.object as Node;
    else return current.type === 'Identifier' ? (current.name as string) : undefined;
  }
}

const isChain = (node: Node) => node.type === 'CallExpression' || node.type === 'MemberExpression';

/** The source ranges of every outermost expression built from `z` (`z.object({...}).strict()`, `z.enum(X)`). */
export function zodChains(code: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const visit = (node: Node, parent: Node | undefined): void => {
    const continuesParent =
      parent &&
      ((parent.type === 'MemberExpression' && parent.object === node) ||
        (parent.type === 'CallExpression' && parent.callee === node));
    if (isChain(node) && !continuesParent && chainRoot(node) === 'z') {
      found.push({ start: node.start, end: node.end });
      return;
    }
    for (const value of Object.values(node)) {
      const children = Array.isArray(value) ? value : [value];
      for (const child of children)
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string')
          visit(child as Node, node);
    }
  };
  visit(parseAst(code) as unknown as Node, undefined);
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Vite plugin for the custom-element bundles, where `zod` is a stub whose every schema is the same object that
 * accepts anything (src/elements/runtime/unchecked-zod.ts): each schema expression of core's and the sdk's sources
 * (`z.object({...}).strict()`) becomes that object, `z`, so its arguments (shapes, regexes, messages) and the
 * schemas nothing uses drop out of the bundle. (rolldown's `manualPureFunctions: ['z']` is no way to do this: it
 * also matches minified dependencies' own `z(...)`, Preact's rendering among them, and the elements render nothing.)
 */
export function stubZodSchemas(): Plugin {
  return {
    name: 'qoltanba:stub-zod-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!WORKSPACE_SOURCE.test(id.split('?')[0] ?? id) || !Z_IMPORT.test(code)) return null;
      let out = '';
      let at = 0;
      for (const chain of zodChains(code)) {
        out += `${code.slice(at, chain.start)}z`;
        at = chain.end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
