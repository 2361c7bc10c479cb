import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA } from './config.js';

const README = new URL('../../README.md', import.meta.url);

/** The variables the README's configuration table names (`A` / `_B` rows stand for `A` and its sibling `…_B`). */
async function documentedVariables(): Promise<string[]> {
  const text = await readFile(README, 'utf8');
  const section = text.slice(text.indexOf('## Configuration (environment)'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Variable')));
  const names: string[] = [];
  for (const row of table.split('\n').slice(2)) {
    const [first = ''] = row.split('|').slice(1, 2);
    const [head, ...siblings] = [...first.matchAll(/`([A-Z_][A-Z0-9_]*)`/g)].map((match) => match[1] ?? '');
    if (head === undefined) continue;
    names.push(head);
    const stem = head.slice(0, head.lastIndexOf('_'));
    for (const suffix of siblings) names.push(`${stem}${suffix}`);
  }
  return names;
}

describe('the README configuration table', () => {
  it('lists exactly the variables the modules declare, each once', async () => {
    const documented = await documentedVariables();
    expect(documented.length).toBe(new Set(documented).size);
    expect([...documented].sort()).toEqual(Object.keys(ENV_SCHEMA).sort());
  });
});
