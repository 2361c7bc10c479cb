import type { SupportInboxConversation, SupportMessage } from '@qoltanba/core';

// Sample conversations of the support inbox widgets' stories and tests.

const at = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 10, day, hour, minute)).toISOString();

let nextId = 100;
function message(
  conversationId: number,
  author: SupportMessage['author'],
  text: string,
  createdAt: string,
  extra: Partial<SupportMessage> = {},
): SupportMessage {
  nextId += 1;
  return {
    id: nextId,
    conversationId,
    author,
    authorName: author === 'operator' ? 'Айгерім' : null,
    text,
    attachment: null,
    createdAt,
    ...extra,
  };
}

/** The messages of conversation 12, oldest first: text, an attachment, a reply, HTML that must stay text. */
export const SAMPLE_MESSAGES: SupportMessage[] = [
  message(12, 'visitor', 'Сәлеметсіз бе! Құжатқа қол қоя алмай жатырмын.\nNCALayer қосулы.', at(20, 9, 2)),
  message(12, 'visitor', '', at(20, 9, 3), {
    attachment: { id: 7, name: 'қате.png', contentType: 'image/png', size: 48_213 },
  }),
  message(12, 'operator', 'Сәлеметсіз бе! NCALayer нұсқасын тексеріңізші.', at(20, 9, 10)),
  message(12, 'visitor', 'Мына жазу шықты: <b>ошибка</b> <script>alert(1)</script>', at(20, 9, 12)),
];

const visitor = (
  extra: Partial<SupportInboxConversation['visitor']> = {},
): SupportInboxConversation['visitor'] => ({
  kind: 'anonymous',
  name: null,
  email: null,
  language: 'kk',
  pageUrl: 'https://qoltanba.kz/cabinet/incoming',
  ...extra,
});

/** Open conversations of the samples: unread ones, a portal user, a partner's user, an anonymous visitor. */
export const SAMPLE_CONVERSATIONS: SupportInboxConversation[] = [
  {
    id: 12,
    status: 'open',
    createdAt: at(20, 9, 2),
    updatedAt: at(20, 9, 12),
    closedAt: null,
    visitor: visitor(),
    lastMessage: SAMPLE_MESSAGES[3] ?? null,
    unreadCount: 1,
  },
  {
    id: 11,
    status: 'open',
    createdAt: at(19, 16, 40),
    updatedAt: at(19, 17, 5),
    closedAt: null,
    visitor: visitor({ kind: 'user', name: 'Данияр Ахметов', email: 'daniyar@example.kz', language: 'ru' }),
    lastMessage: message(
      11,
      'visitor',
      'Как добавить второго подписанта в уже отправленный документ?',
      at(19, 17, 5),
    ),
    unreadCount: 3,
  },
  {
    id: 9,
    status: 'open',
    createdAt: at(18, 11, 0),
    updatedAt: at(18, 11, 30),
    closedAt: null,
    visitor: visitor({
      kind: 'partner',
      name: 'Dana Seitova',
      email: null,
      language: 'en',
      pageUrl: 'https://shop.kz/checkout',
    }),
    lastMessage: message(9, 'operator', 'The signed package is in the e-mail we sent.', at(18, 11, 30)),
    unreadCount: 0,
  },
];

/** The same conversations once closed. */
export const SAMPLE_CLOSED: SupportInboxConversation[] = SAMPLE_CONVERSATIONS.map((conversation) => ({
  ...conversation,
  status: 'closed',
  closedAt: at(21, 8, 0),
  unreadCount: 0,
}));

/** Conversation 12 as the thread shows it. */
export const SAMPLE_THREAD = SAMPLE_CONVERSATIONS[0] as SupportInboxConversation;
