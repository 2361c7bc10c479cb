import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../i18n/date-time';
import { LANGS } from '../i18n/lang';
import { LINK_MAIL_TEXTS, linkMail, linkMailHtml, linkMailText } from './link-mail-texts';

const params = {
  sender: 'ТОО «Алма»',
  document: 'Act',
  number: 7,
  signer: 'ИП Берік',
  url: 'https://qoltanba.example.kz/sign/abc',
  expiresAt: new Date('2026-12-01T09:05:00Z'),
};

describe('personal link e-mails', () => {
  it.each([
    [
      'kk',
      'ТОО «Алма» сізге «Act» құжатын (№7) қол қоюға жіберді.',
      'Сілтеме 1 желтоқсан 2026 ж., 14:05 (UTC+5) дейін жарамды.',
    ],
    [
      'ru',
      'ТОО «Алма» отправил вам на подпись документ «Act» (№7).',
      'Ссылка действует до 1 дек. 2026 г., 14:05 (UTC+5).',
    ],
    ['en', 'ТОО «Алма» sent you the document «Act» (No. 7) to sign.', 'The link is valid until '],
  ] as const)(
    'a signing link in %s names the sender, the document, the link and its expiry',
    (lang, opening, until) => {
      const text = linkMailText('signing', 'turn', lang, params);
      expect(text.startsWith(opening)).toBe(true);
      expect(text).toContain(params.url);
      expect(text).toContain(until);
      expect(text).toContain(formatDateTime(params.expiresAt, lang));
      expect(text).not.toContain('{');
    },
  );

  it.each(LANGS)(
    'an approval link in %s names the signer approved for; a reminder opens with its line',
    (lang) => {
      const turn = linkMailText('approval', 'turn', lang, params);
      expect(turn).toContain(params.signer);
      expect(turn).toContain(params.url);
      const reminder = linkMailText('approval', 'reminder', lang, params);
      expect(reminder).toBe(`${LINK_MAIL_TEXTS.approval.reminder[lang]}\n${turn}`);
    },
  );

  it('the e-mail carries Kazakh, Russian and English, in that order, and the subject all three', () => {
    const mail = linkMail('signing', 'reminder', params);
    expect(mail.subject).toBe(
      'Еске салу: қол қоюға құжат / Напоминание: документ на подпись / Reminder: document to sign: Act',
    );
    expect(mail.text.split('\n\n')).toEqual(
      LANGS.map((lang) => linkMailText('signing', 'reminder', lang, params)),
    );
    expect(linkMail('approval', 'turn', params).subject).toBe(
      'Келісуге құжат / Документ на согласование / Document for approval: Act',
    );
  });

  it('the HTML part says the same in each language, its link a link, every value escaped', () => {
    const tricky = { ...params, document: 'A <b>&</b> "B"', url: 'https://qoltanba.example.kz/approve/a"b' };
    const mail = linkMail('approval', 'reminder', tricky);
    expect(mail.html.startsWith('<!doctype html><html lang="kk"><body><section lang="kk">')).toBe(true);
    for (const lang of LANGS) {
      const section = linkMailHtml('approval', 'reminder', lang, tricky);
      expect(mail.html).toContain(section);
      // The plain text's words, paragraph by paragraph, once the markup and the escaping are taken away.
      const paragraphs = [...section.matchAll(/<p>(.*?)<\/p>/g)].map(([, inner]) =>
        (inner ?? '')
          .replace(/<[^>]+>/g, '')
          .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
      );
      expect(paragraphs).toEqual(linkMailText('approval', 'reminder', lang, tricky).split('\n'));
    }
    expect(mail.html).toContain(
      '<a href="https://qoltanba.example.kz/approve/a&#34;b">https://qoltanba.example.kz/approve/a&#34;b</a>',
    );
    expect(mail.html).toContain('A &#60;b&#62;&#38;&#60;/b&#62; &#34;B&#34;');
    expect(mail.html).not.toContain('<b>');
  });
});
