import { type Lang, type VerificationResult as Result, VERIFICATION_REPORT_FILE_NAMES } from '@qoltanba/core';
import {
  errorTextOf,
  storedFileVerificationReportPdf,
  verificationReportPdf,
  verifyStoredFile,
} from '@qoltanba/sdk';
import { VerificationResult, VerifyDropzone } from '@qoltanba/widgets';
import { type JSX, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { saveFile } from '../../app/saveFile';
import { usePortalT } from '../../i18n';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

type StoredState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'done'; result: Result };

/** Saves a report the server made, named in the language it was asked in. */
async function saveReport(report: Promise<Blob>, lang: Lang): Promise<void> {
  saveFile(await report, VERIFICATION_REPORT_FILE_NAMES[lang]);
}

/** A path id as a positive safe integer, or undefined for anything else (then the file is "not found"). */
function idOf(text: string | undefined): number | undefined {
  if (!text || !/^\d{1,16}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The stored file of a document signed here, verified again now (the signature sheet's QR codes lead here). */
function StoredFileCheck({ docId, fileId }: { docId: string; fileId: string }): JSX.Element {
  const { t, lang } = usePortalT();
  const [search] = useSearchParams();
  const sha256 = search.get('sha256') ?? '';
  const [state, setState] = useState<StoredState>({ kind: 'loading' });

  useEffect(() => {
    const doc = idOf(docId);
    const file = idOf(fileId);
    // Without ids or a hash the server could only answer "not found"; say it without asking.
    if (doc === undefined || file === undefined || sha256 === '') {
      setState({ kind: 'failed', error: 'ENTITY_NOT_FOUND' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    verifyStoredFile(doc, file, sha256, { signal: controller.signal }).then(
      (result) => setState({ kind: 'done', result }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [docId, fileId, sha256]);

  if (state.kind === 'loading') return <p role="status">{t('loading')}</p>;
  if (state.kind === 'failed') return <p role="alert">{errorTextOf(state.error, lang)}</p>;
  const downloadReport = () =>
    saveReport(storedFileVerificationReportPdf(Number(docId), Number(fileId), sha256), lang);
  return <VerificationResult result={state.result} onDownloadReport={downloadReport} />;
}

/**
 * Public signature verification, signed in or not: upload PDF and CMS files and read the result (`/check`), or
 * see the result of a stored file of a document signed here (`/check/:docId/:fileId?sha256=…`).
 */
export default function CheckScreen(): JSX.Element {
  const { t, lang } = usePortalT();
  const { docId, fileId } = useParams();
  // The upload case sends the files again: the server keeps nothing of a check.
  const downloadReport = (files: File[]) => saveReport(verificationReportPdf(files), lang);
  const stored = docId !== undefined && fileId !== undefined;
  return (
    <section className={css.screen} data-route={stored ? 'CheckFile' : 'Check'}>
      <ScreenHeading>{t(stored ? 'titles.CheckFile' : 'titles.Check')}</ScreenHeading>
      <p className={css.lead}>{t(stored ? 'texts.CheckFile' : 'texts.Check')}</p>
      {stored ? (
        <StoredFileCheck docId={docId} fileId={fileId} />
      ) : (
        <VerifyDropzone onDownloadReport={downloadReport} />
      )}
    </section>
  );
}
