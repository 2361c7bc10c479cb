// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  exports: string[];
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
}

/** The chunks of the React build (vite.react-embed.config.ts), built in memory. */
async function buildReactEmbed(): Promise<Chunk[]> {
  const result = await build({
    root: PACKAGE_DIR,
    configFile: `${PACKAGE_DIR}vite.react-embed.config.ts`,
    logLevel: 'silent',
    build: { write: false, sourcemap: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string }[] }[];
  return outputs.flatMap(({ output }) => output.filter((file): file is Chunk => file.type === 'chunk'));
}

describe('the React build (dist/react-embed.js)', () => {
  it("imports the host's React and React DOM and bundles neither, nor Preact or @r2wc", async () => {
    const chunks = await buildReactEmbed();
    const bundled = chunks.flatMap((chunk) => chunk.moduleIds);
    const foreign = bundled.filter((id) =>
      /[\\/]node_modules[\\/](react|react-dom|scheduler|preact|@r2wc)[\\/]/.test(id),
    );
    expect(foreign).toEqual([]);
    const own = new Set(chunks.map((chunk) => chunk.fileName));
    const external = new Set(
      chunks.flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports]).filter((id) => !own.has(id)),
    );
    expect([...external].sort()).toEqual(['react', 'react-dom', 'react/jsx-runtime']);

    const entry = chunks.find((chunk) => chunk.isEntry);
    expect(entry?.fileName).toBe('react-embed.js');
    expect(entry?.exports.sort()).toEqual(['QoltanbaDocumentStatus', 'QoltanbaSign', 'QoltanbaVerify']);
    // Each element is a chunk of its own, loaded on first mount: the entry does not import one statically.
    for (const element of ['sign-element', 'verify-element', 'document-status-element']) {
      const chunk = chunks.find((candidate) => candidate.fileName.startsWith(`react-embed/${element}-`));
      expect(chunk, element).toBeDefined();
      expect(entry?.imports).not.toContain(chunk?.fileName);
    }
  }, 120_000);
});
