import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n/lang';
import { NOTIFICATION_DAYS } from '../limits';
import { isNotificationEvent, NOTIFICATION_EVENT_RULES, NOTIFICATION_EVENTS } from './events';
import { notificationLink } from './notification-links';
import { NOTIFICATION_EMAIL_TEXTS, NOTIFICATION_TEXTS, notificationText } from './notification-texts';
import { notificationRecipients, notifiedCompanies } from './recipients';
import { emailDueAt, isEmailDue, isWithinNotificationWindow, notificationWindowStart } from './windows';

const SENDER = '111111111111';
const SIGNER = '222222222222';
const OTHER_SIGNER = '333333333333';
const STRANGER = '999999999999';
const parties = [SENDER, SIGNER, OTHER_SIGNER];

describe('notifiedCompanies', () => {
  it('tells a received document only to the receiving party', () => {
    expect(
      notifiedCompanies({ event: 'document.received', participants: parties, targets: [SIGNER] }),
    ).toEqual([SIGNER]);
  });

  it('tells a signature to every other party, never the signer itself', () => {
    expect(notifiedCompanies({ event: 'document.signed', participants: parties, actor: SIGNER })).toEqual([
      SENDER,
      OTHER_SIGNER,
    ]);
  });

  it("tells nobody of the sender's own signature (part of sending)", () => {
    expect(
      notifiedCompanies({ event: 'document.signed', participants: parties, actor: SENDER, sender: SENDER }),
    ).toEqual([]);
    expect(
      notifiedCompanies({ event: 'document.rejected', participants: parties, actor: SIGNER, sender: SENDER }),
    ).toEqual([SENDER, OTHER_SIGNER]);
  });

  it('tells a completion to every party', () => {
    expect(notifiedCompanies({ event: 'document.completed', participants: parties })).toEqual(parties);
  });

  it("tells an approver's decision to every party, its signer's company too (the approver is no party)", () => {
    for (const event of ['document.approved', 'document.declined'] as const)
      expect(notifiedCompanies({ event, participants: parties, actor: SIGNER }), event).toEqual(parties);
  });

  it('never tells a company that takes no part in the document', () => {
    for (const event of NOTIFICATION_EVENTS.filter((e) => NOTIFICATION_EVENT_RULES[e].document)) {
      const told = notifiedCompanies({
        event,
        participants: parties,
        actor: SENDER,
        targets: [STRANGER, SIGNER],
      });
      expect(told, event).not.toContain(STRANGER);
    }
  });

  it('tells a tariff event to the company it names', () => {
    expect(notifiedCompanies({ event: 'tariff.ending', participants: [], targets: [SENDER] })).toEqual([
      SENDER,
    ]);
  });
});

describe('notificationRecipients', () => {
  const memberships = [
    { userId: 'u-sender', companyBin: SENDER },
    { userId: 'u-signer', companyBin: SIGNER },
    { userId: 'u-both', companyBin: SENDER },
    { userId: 'u-both', companyBin: SIGNER },
    { userId: 'u-stranger', companyBin: STRANGER },
  ];

  it('answers each member of each told company, once per company', () => {
    const told = notificationRecipients(
      { event: 'document.rejected', participants: parties, actor: SIGNER },
      [...memberships, { userId: 'u-sender', companyBin: SENDER }],
    );
    expect(told).toEqual([
      { userId: 'u-sender', companyBin: SENDER },
      { userId: 'u-both', companyBin: SENDER },
    ]);
  });

  it('gives the members of an uninvolved company nothing', () => {
    const told = notificationRecipients({ event: 'document.completed', participants: parties }, memberships);
    expect(told.map((r) => r.userId)).not.toContain('u-stranger');
  });
});

describe('texts and links', () => {
  it('has a text for every event in every language, filled without placeholders', () => {
    for (const event of NOTIFICATION_EVENTS)
      for (const lang of LANGS) {
        const text = notificationText(event, lang, {
          document: 'Акт',
          party: 'ТОО Алма',
          reason: 'нет печати',
        });
        expect(text, `${event} ${lang}`).not.toMatch(/[{}]/);
        expect(NOTIFICATION_TEXTS[event][lang].length).toBeGreaterThan(0);
      }
    for (const text of Object.values(NOTIFICATION_EMAIL_TEXTS))
      for (const lang of LANGS) expect(text[lang].length).toBeGreaterThan(0);
  });

  it('names the document, the party and the reason', () => {
    expect(
      notificationText('document.rejected', 'en', { document: 'Act', party: 'LLP Alma', reason: 'no stamp' }),
    ).toBe('LLP Alma rejected «Act»: no stamp');
    expect(notificationText('document.signed', 'ru', { document: 'Акт', party: null })).toBe(
      'Участник подписал документ «Акт»',
    );
    expect(notificationText('document.approved', 'en', { document: 'Act', party: '' })).toBe(
      '«Act» was approved (A party)',
    );
  });

  it('links a document event to the document as the notified company, a tariff event to the tariffs page', () => {
    expect(notificationLink('document.signed', 12, '123456789021')).toBe(
      '/cabinet/document/12?company=123456789021',
    );
    expect(notificationLink('tariff.ended', null, '123456789021')).toBe('/tariffs');
  });

  it('knows its own events only', () => {
    expect(isNotificationEvent('document.signed')).toBe(true);
    expect(isNotificationEvent('toString')).toBe(false);
  });
});

describe('windows', () => {
  const now = new Date('2026-03-31T12:00:00Z');

  it(`shows the last ${NOTIFICATION_DAYS} days`, () => {
    expect(notificationWindowStart(now).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(isWithinNotificationWindow(new Date('2026-03-01T12:00:00Z'), now)).toBe(true);
    expect(isWithinNotificationWindow(new Date('2026-03-01T11:59:59Z'), now)).toBe(false);
  });

  it('mails a quiet person at once and groups what follows within the window', () => {
    expect(emailDueAt(null)).toBeUndefined();
    expect(isEmailDue(null, now)).toBe(true);
    const mailed = new Date('2026-03-31T11:58:00Z');
    expect(emailDueAt(mailed, 5)?.toISOString()).toBe('2026-03-31T12:03:00.000Z');
    expect(isEmailDue(mailed, now, 5)).toBe(false);
    expect(isEmailDue(mailed, new Date('2026-03-31T12:03:00Z'), 5)).toBe(true);
  });
});
