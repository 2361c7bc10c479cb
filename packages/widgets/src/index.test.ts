import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as elements from './elements/index';
import * as widgets from './index';
import * as reactEmbed from './react-embed/index';

/**
 * Every name an entry exports with its kind: `typeof` its value, or `type` for a type-only export (read from the
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

// An added or removed export, or one whose kind changed, shows up in review through these lists.
describe('package entries', () => {
  it('the React entry (@qoltanba/widgets) exports exactly this list', () => {
    expect(exportSurface(widgets, 'index.ts')).toMatchInlineSnapshot(`
      [
        "AttachCompanyActions: type",
        "AttachCompanyForm: function",
        "AttachCompanyFormProps: type",
        "AuthActions: type",
        "AuthDialog: function",
        "AuthDialogProps: type",
        "AuthSuccess: type",
        "AuthView: type",
        "CodeInput: function",
        "CodeInputProps: type",
        "CompanySwitcher: function",
        "CompanySwitcherActions: type",
        "CompanySwitcherProps: type",
        "CounterpartyForm: function",
        "CounterpartyFormProps: type",
        "CounterpartyList: function",
        "CounterpartyListProps: type",
        "DocumentCard: function",
        "DocumentCardAction: type",
        "DocumentCardProps: type",
        "DocumentForm: function",
        "DocumentFormEdits: type",
        "DocumentFormProps: type",
        "DocumentFormValue: type",
        "DocumentsTable: function",
        "DocumentsTableProps: type",
        "FolderTree: function",
        "FolderTreeProps: type",
        "GreyStep: type",
        "Icon: function",
        "IconProps: type",
        "LanguageSwitch: function",
        "LanguageSwitchProps: type",
        "LoginActions: type",
        "LoginForm: function",
        "LoginFormProps: type",
        "LoginMethod: type",
        "LoginNavigation: type",
        "PdfDocument: type",
        "PdfLoader: type",
        "PdfPage: type",
        "PdfSource: type",
        "PdfViewer: function",
        "PdfViewerProps: type",
        "PdfViewport: type",
        "ProfileActions: type",
        "ProfileCard: function",
        "ProfileCardProps: type",
        "QrSigningActions: type",
        "QrSigningDialog: function",
        "QrSigningDialogProps: type",
        "RecoveryActions: type",
        "RecoveryForm: function",
        "RecoveryFormProps: type",
        "RegisterNames: type",
        "RegistrationActions: type",
        "RegistrationForm: function",
        "RegistrationFormProps: type",
        "RegistrationStep: type",
        "RejectDialog: function",
        "RejectDialogProps: type",
        "ResendResult: type",
        "RevokeDialog: function",
        "RevokeDialogProps: type",
        "SignPanel: function",
        "SignPanelActions: type",
        "SignPanelProps: type",
        "SignerDraft: type",
        "SignerEditor: function",
        "SignerEditorProps: type",
        "SignerProblems: type",
        "Snackbar: function",
        "SnackbarProps: type",
        "SupportCloseButton: function",
        "SupportCloseButtonProps: type",
        "SupportConversationList: function",
        "SupportConversationListProps: type",
        "SupportReplyForm: function",
        "SupportReplyFormProps: type",
        "SupportThread: function",
        "SupportThreadProps: type",
        "ThemeTokens: type",
        "UploadItem: type",
        "VerificationResult: function",
        "VerificationResultProps: type",
        "VerifyDropzone: function",
        "VerifyDropzoneActions: type",
        "VerifyDropzoneProps: type",
        "documentCardActions: function",
        "emptySigner: function",
        "lightTheme: string",
        "lightThemeTokens: object",
        "signerDraftOf: function",
        "signerInputOf: function",
        "signerProblems: function",
        "vars: object",
      ]
    `);
  });

  it('the elements entry (@qoltanba/widgets/elements) exports exactly this list', () => {
    expect(exportSurface(elements, 'elements/index.ts')).toMatchInlineSnapshot(`
      [
        "AttributeSpec: type",
        "AttributeSpecs: type",
        "AttributeType: type",
        "DOCUMENT_STATUS_TAG: string",
        "DocumentStatusAttributes: type",
        "ElementContext: type",
        "ElementDefinition: type",
        "ErrorDetail: type",
        "LANGUAGE_CHANGE_EVENT: string",
        "LANGUAGE_SWITCH_TAG: string",
        "LanguageChangeDetail: type",
        "LanguageSwitchAttributes: type",
        "PropsOf: type",
        "QOLTANBA_EVENTS: object",
        "QoltanbaDocumentStatusElement: type",
        "QoltanbaEventDetails: type",
        "QoltanbaLanguageSwitchElement: type",
        "QoltanbaSignElement: type",
        "QoltanbaVerifyElement: type",
        "ReadyDetail: type",
        "RejectedDetail: type",
        "SIGN_TAG: string",
        "SignAttributes: type",
        "SignedDetail: type",
        "VERIFY_TAG: string",
        "VerifiedDetail: type",
        "VerifyAttributes: type",
        "adoptWidgetStyles: function",
        "attributeName: function",
        "attributeTable: function",
        "commonAttributes: object",
        "defineQoltanbaElement: function",
        "defineQoltanbaElements: function",
        "dispatchQoltanbaEvent: function",
        "documentStatusAttributes: object",
        "elementDefinitions: object",
        "languageSwitchAttributes: object",
        "signAttributes: object",
        "verifyAttributes: object",
      ]
    `);
  });

  it('the React embed entry (@qoltanba/widgets/react-embed) exports exactly this list', () => {
    expect(exportSurface(reactEmbed, 'react-embed/index.tsx')).toMatchInlineSnapshot(`
      [
        "DocumentStatusAttributes: type",
        "ErrorDetail: type",
        "HostProps: type",
        "QoltanbaCallbacks: type",
        "QoltanbaDocumentStatus: function",
        "QoltanbaDocumentStatusProps: type",
        "QoltanbaEventDetails: type",
        "QoltanbaSign: function",
        "QoltanbaSignProps: type",
        "QoltanbaVerify: function",
        "QoltanbaVerifyProps: type",
        "ReadyDetail: type",
        "RejectedDetail: type",
        "SignAttributes: type",
        "SignedDetail: type",
        "VerifiedDetail: type",
        "VerifyAttributes: type",
      ]
    `);
  });
});
