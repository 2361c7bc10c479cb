import { VERIFICATION_PATHS, VERIFY_MAX_FILES } from '@qoltanba/core';
import {
  pdf,
  refused,
  type Step,
  sha256Of,
  storedFilePath,
  storedReportPath,
  verification,
} from '../table-support';

/** Public verification and its report: the refusals both sides can judge. */
export const verificationSteps: Step[] = [
  // ----- public verification: the refusals both sides can judge (a real CMS only the server can verify) -----
  {
    name: 'verification: an upload without a file',
    request: () => ({ method: 'POST', path: VERIFICATION_PATHS.verify, form: verification([]) }),
    expect: refused('MULTIPART_INVALID'),
  },
  {
    name: 'verification: a part that is not `files`',
    request: () => {
      const form = new FormData();
      form.append('document', pdf('a.pdf'), 'a.pdf');
      return { method: 'POST', path: VERIFICATION_PATHS.verify, form };
    },
    expect: refused('MULTIPART_INVALID'),
  },
  {
    name: 'verification: a text file renamed .pdf',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.verify,
      form: verification([new File(['plain text'], 'notes.pdf', { type: 'application/pdf' })]),
    }),
    expect: refused('UNSUPPORTED_FILE_FORMAT'),
  },
  {
    name: 'verification: a PDF never signed here',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.verify,
      form: verification([pdf('x.pdf', 777)]),
    }),
    expect: refused('DOCUMENT_NOT_SIGNED'),
  },
  {
    name: 'verification: the file of a document sent here but not signed, with a token too',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.verify,
      as: 'a',
      form: verification([pdf('Договор.pdf', 300)]),
    }),
    expect: refused('DOCUMENT_NOT_SIGNED'),
  },
  {
    name: 'verification: one file too many',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.verify,
      form: verification(Array.from({ length: VERIFY_MAX_FILES + 1 }, (_, index) => pdf(`${index}.pdf`))),
    }),
    expect: refused('TOO_MANY_FILES'),
  },
  {
    name: 'verification: an unknown stored file',
    request: () => ({ method: 'GET', path: storedFilePath(999_999, 999_999, 'ab'.repeat(8)) }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'verification: an unsigned stored file with its right hash',
    request: async (context) => ({
      method: 'GET',
      path: storedFilePath(
        context.ids.document ?? 0,
        context.ids.firstFile ?? 0,
        (await sha256Of(pdf('Договор.pdf', 300))).slice(0, 16),
      ),
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'verification: a stored file without the hash',
    request: (context) => ({
      method: 'GET',
      path: storedFilePath(context.ids.document ?? 0, context.ids.firstFile ?? 0),
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'verification: a stored file id beyond a database integer',
    request: () => ({ method: 'GET', path: storedFilePath(1, 2 ** 40, 'ab'.repeat(8)) }),
    expect: refused('ENTITY_NOT_FOUND'),
  },

  // ----- the verification report (PDF): the same refusals; a printed report needs a real CMS (server tests) -----
  {
    name: 'verification report: an upload without a file',
    request: () => ({ method: 'POST', path: VERIFICATION_PATHS.report, form: verification([]) }),
    expect: refused('MULTIPART_INVALID'),
  },
  {
    name: 'verification report: a text file renamed .pdf',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.report,
      form: verification([new File(['plain text'], 'notes.pdf', { type: 'application/pdf' })]),
    }),
    expect: refused('UNSUPPORTED_FILE_FORMAT'),
  },
  {
    name: 'verification report: a PDF never signed here',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.report,
      form: verification([pdf('x.pdf', 778)]),
    }),
    expect: refused('DOCUMENT_NOT_SIGNED'),
  },
  {
    name: 'verification report: one file too many',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.report,
      form: verification(Array.from({ length: VERIFY_MAX_FILES + 1 }, (_, index) => pdf(`${index}.pdf`))),
    }),
    expect: refused('TOO_MANY_FILES'),
  },
  {
    name: 'verification report: an unknown stored file',
    request: () => ({ method: 'GET', path: storedReportPath(999_999, 999_999, 'ab'.repeat(8)) }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'verification report: an unsigned stored file with its right hash',
    request: async (context) => ({
      method: 'GET',
      path: storedReportPath(
        context.ids.document ?? 0,
        context.ids.firstFile ?? 0,
        (await sha256Of(pdf('Договор.pdf', 300))).slice(0, 16),
      ),
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'verification report: a stored file without the hash',
    request: (context) => ({
      method: 'GET',
      path: storedReportPath(context.ids.document ?? 0, context.ids.firstFile ?? 0),
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
];
