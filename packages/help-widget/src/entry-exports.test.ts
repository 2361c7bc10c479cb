import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { expect, it } from 'vitest';
import * as entry from './index';

/**
 * Every name the entry exports with its kind: `typeof` its value, or `type` for a type-only export (read from the
 * entry's source, which names each export: no `export *`).
 */
function exportSurface(module: Record<string, unknown>, file: string): string[] {
  // Vitest runs in the package folder (happy-dom gives import.meta.url no file scheme).
  const text = readFileSync(`${process.cwd()}/src/${file}`, 'utf8');
  expect(text, file).not.toMatch(/export\s+(type\s+)?\*/);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const names = new Set(Object.keys(module));
  for (const statement of source.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    } else if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      names.add(statement.name.text);
    }
  }
  return [...names].sort().map((name) => `${name}: ${name in module ? typeof module[name] : 'type'}`);
}

// An added or removed export, or one whose kind changed, shows up in review through this list.
it('the entry (@qoltanba/help-widget) exports exactly this list', () => {
  expect(exportSurface(entry, 'index.ts')).toMatchInlineSnapshot(`
    [
      "HELP_DATA_ATTRIBUTES: object",
      "HELP_GLOBAL: string",
      "HELP_HOST_TAG: string",
      "HELP_QUEUE_STUB: string",
      "HelpCommand: type",
      "HelpCommandMap: type",
      "HelpEventHandler: type",
      "HelpEventMap: type",
      "HelpEventName: type",
      "HelpScriptOptions: type",
      "HelpTheme: type",
      "HelpWidgetOptions: type",
      "QoltanbaHelpFunction: type",
      "helpWidgetSnippet: function",
      "loadHelpWidget: function",
      "qoltanbaHelp: function",
    ]
  `);
});
