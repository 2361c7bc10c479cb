import { FREE_DOCUMENTS } from '@qoltanba/core';
import type { HelpPageContent } from './helpContent';

/** The help page in English. */
export const helpEn: HelpPageContent = {
  title: 'Help',
  lead: 'How to sign documents with an EDS or eGov mobile, check a signature, and pay for a plan.',
  contents: 'Contents',
  otherLanguages: 'This page in other languages',
  sections: {
    ncalayer: {
      title: 'Signing with NCALayer (EDS)',
      paragraphs: [
        'NCALayer is the program of the National Certification Centre (NCA RK) that lets a web page use your EDS keys. It runs on your computer and the page talks to it; your key never leaves the computer.',
      ],
      steps: [
        'Download NCALayer from pki.gov.kz (Windows, macOS or Linux) and install it.',
        'Start NCALayer: its icon appears next to the clock. Keep it running while you sign.',
        'Open the document and choose "Sign with EDS (NCALayer)". NCALayer opens its own window.',
        'Choose the key file (a .p12 file from your key storage) or the ID card / token, and enter its password.',
        'Choose the signing certificate: its name starts with RSA or GOST. A certificate whose name starts with AUTH is for logging in and cannot sign.',
        'For a company, use the certificate of the company (its BIN) issued to its head or to an employee with the right to sign.',
      ],
      terms: [
        [
          'NCALayer is not running',
          'Start NCALayer and try again. If it is running, restart it; a browser extension that blocks local connections can also stop the page from reaching it.',
        ],
        [
          'Wrong password',
          'The key password is case sensitive. After several wrong tries the key may be locked.',
        ],
        [
          'The certificate does not belong to the signer',
          'The document expects a signature of a particular IIN or BIN. Choose the key of that person or company.',
        ],
        [
          'The certificate has expired or was revoked',
          'Get a new key at the NCA RK (pki.gov.kz, or an eGov service centre) and sign again.',
        ],
        ['The signing was cancelled', 'You closed the NCALayer window. Choose the key again to sign.'],
      ],
    },
    'egov-mobile': {
      title: 'Signing with eGov mobile',
      paragraphs: [
        'eGov mobile signs with the key kept in the app, without NCALayer. Individuals use eGov mobile; company employees use eGov Business.',
      ],
      steps: [
        'Open the document and choose "Sign with eGov mobile": the page shows a QR code.',
        'In the app, open the QR scanner (the "Sign with QR" service) and scan the code.',
        'Check the document name in the app and confirm with your PIN or biometrics.',
        'The page notices the signature by itself; keep it open until it says the document is signed.',
      ],
      terms: [
        [
          'The QR code expired',
          'A QR code is valid for a few minutes. Choose "Sign with eGov mobile" again for a new one.',
        ],
        [
          'The app says the signer is different',
          'Sign in to the app as the person or company the document expects.',
        ],
      ],
    },
    verify: {
      title: 'Checking a signature',
      paragraphs: [
        'Anyone can check a signature on the "Check a signature" page, without an account. The check runs on our server against the NCA RK certificates: the chain, validity at the signing time, revocation and the signer\'s IIN or BIN.',
        'Upload a signed PDF, a signed XML, or the original file (any format: PDF, DOCX, ODT and others) together with its detached signature (.cms, .p7s, .sig). Several files may be checked together, up to 10 files.',
        'The result is shown for each document; a file signed here also shows the document it belongs to. "Download report (PDF)" saves the result.',
        'The QR code on a signature sheet opens the check of that exact file.',
      ],
    },
    tariffs: {
      title: 'Plans and payment',
      paragraphs: [
        `Your first ${FREE_DOCUMENTS} documents are free. After that, each sent document counts against the sender company's plan; receiving and signing documents is always free.`,
        'Choose a monthly or a yearly plan on the "Plans" page of your cabinet. An invoice is issued to the company; pay it by bank transfer from the company\'s account. The plan starts when the payment arrives, and you find the invoice and the payment under "Payments".',
        'A signer who receives a personal link signs for free and needs no account.',
      ],
    },
    faq: {
      title: 'Questions and answers',
      paragraphs: [],
      terms: [
        [
          'Does the other side need an account?',
          'No. Each signer gets a personal link by e-mail and can sign or reject without registering.',
        ],
        [
          'When is a document signed?',
          'When every listed signer has signed. Any signer may reject it with a reason; the sender may revoke it until it is signed.',
        ],
        [
          'How do I add another company?',
          'Open the company switcher at the top of the cabinet and choose "Add company", or use "Services". A company is attached with its EDS; an individual entrepreneur can also be attached by IIN with a code sent to the phone.',
        ],
        [
          'In which time zone are times shown?',
          "Every time is Kazakhstan's time (Asia/Almaty, UTC+5) and says so, wherever you open the page.",
        ],
        [
          'Where do I get help?',
          'Use the help button at the bottom of every page: the chat with our support, WhatsApp or Telegram.',
        ],
      ],
    },
  },
};
