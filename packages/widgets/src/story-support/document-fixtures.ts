import type {
  Counterparty,
  Document,
  DocumentStatus,
  DocumentSummary,
  Folder,
  HistoryEvent,
  Party,
  Signer,
} from '@qoltanba/core';

// Sample data of the document widgets' stories and tests; every BIN/IIN passes core's check digit.

/** The acting company of the samples. */
export const ACTING: Party = {
  bin: '990340005977',
  nameRu: 'Товарищество с ограниченной ответственностью «Альфа Трейд»',
  nameKk: '«Альфа Трейд» жауапкершілігі шектеулі серіктестігі',
};

/** Counterparties of the samples (companies and one person). */
export const PARTIES = {
  beta: { bin: '020540003431', nameRu: 'Акционерное общество «Бета»', nameKk: '«Бета» акционерлік қоғамы' },
  gamma: { bin: '050540004455', nameRu: 'ТОО «Гамма Логистик»', nameKk: null },
  delta: { bin: '100140011059', nameRu: 'ТОО «Дельта Строй»', nameKk: 'ЖШС «Дельта Строй»' },
  person: { bin: '920715401122', nameRu: 'ИП Серикова Айгерим', nameKk: 'ЖК Серикова Айгерім' },
} satisfies Record<string, Party>;

const at = (day: number, hour = 10) => new Date(Date.UTC(2025, 2, day, hour, 15)).toISOString();

function signer(party: Party, order: number, state: Signer['state'], extra: Partial<Signer> = {}): Signer {
  return {
    identityNumber: party.bin,
    email: `office@${party.bin}.example.kz`,
    nameRu: party.nameRu,
    nameKk: party.nameKk,
    approverEmail: null,
    order,
    state,
    signedAt: state === 'SIGNED' ? at(12 + order) : null,
    ...extra,
  };
}

function summary(id: number, name: string, status: DocumentStatus, extra: Partial<DocumentSummary> = {}) {
  const base: DocumentSummary = {
    id,
    number: 1000 + id,
    name,
    status,
    lifecycleStatus: status === 'TRASH' ? 'DRAFT' : status,
    signingMethod: 'PARALLEL',
    createdAt: at(id % 28 || 1),
    updatedAt: at((id % 28 || 1) + 1, 16),
    sender: ACTING,
    role: 'sender',
    trash: null,
    folderId: null,
    signers: [PARTIES.beta, PARTIES.gamma].map((party, index) => {
      const { identityNumber, nameRu, nameKk, state } = signer(party, index + 1, 'WAITING');
      return { identityNumber, nameRu, nameKk, state };
    }),
    fileCount: 1,
  };
  return { ...base, ...extra };
}

/** One row per status, as an outgoing list would show them. */
export const SAMPLE_SUMMARIES: DocumentSummary[] = [
  summary(1, 'Договор поставки № 15/2025', 'AT_SIGNING', { fileCount: 3 }),
  summary(2, 'Акт выполненных работ за февраль', 'SIGNED'),
  summary(3, 'Дополнительное соглашение к договору аренды помещения на Абая, 10', 'REJECTED'),
  summary(4, 'Счёт-фактура 0042', 'REVOKED'),
  summary(5, 'Черновик письма партнёрам', 'DRAFT', { signers: [] }),
  summary(6, 'Incoming contract from Beta', 'AT_SIGNING', {
    sender: PARTIES.beta,
    role: 'signer',
    signers: [
      { identityNumber: ACTING.bin, nameRu: ACTING.nameRu, nameKk: ACTING.nameKk, state: 'WAITING' },
      {
        identityNumber: PARTIES.delta.bin,
        nameRu: PARTIES.delta.nameRu,
        nameKk: PARTIES.delta.nameKk,
        state: 'SIGNED',
      },
    ],
  }),
];

/** Rows of a trash list, with days left before deletion. */
export const TRASH_SUMMARIES: DocumentSummary[] = [0, 1, 12].map((daysLeft, index) =>
  summary(20 + index, `Старый документ ${index + 1}`, 'TRASH', {
    trash: { trashedAt: at(1), deleteAt: at(1 + daysLeft), daysLeft },
  }),
);

/** A whole document in a given status, with files, signers and what the acting company may do. */
export function sampleDocument(status: DocumentStatus = 'AT_SIGNING'): Document {
  const signers: Signer[] = [
    signer(PARTIES.beta, 1, status === 'SIGNED' || status === 'AT_SIGNING' ? 'SIGNED' : 'WAITING', {
      approverEmail: 'lawyer@beta.example.kz',
    }),
    signer(
      PARTIES.person,
      2,
      status === 'SIGNED' ? 'SIGNED' : status === 'REJECTED' ? 'REJECTED' : 'WAITING',
    ),
  ];
  const allowed: Record<DocumentStatus, Document['allowedActions']> = {
    DRAFT: ['update', 'send', 'sign', 'copy', 'trash'],
    AT_SIGNING: ['revoke', 'copy', 'trash'],
    SIGNED: ['copy', 'trash'],
    REJECTED: ['update', 'copy', 'trash'],
    REVOKED: ['copy', 'trash'],
    TRASH: ['restore', 'copy'],
  };
  return {
    ...summary(1, 'Договор поставки № 15/2025', status),
    signingMethod: 'SEQUENTIAL',
    creator: { userId: 'u-1', firstname: 'Айгерим', lastname: 'Бекова' },
    files: [
      {
        id: 11,
        name: 'dogovor-postavki.pdf',
        format: 'pdf',
        size: 482_133,
        sha256: '3f79bb7b435b05321651daefd374cdc681dc06faa65e374e38337b88ca046dea',
        uploadedAt: at(1),
        stored: true,
      },
      {
        id: 12,
        name: 'prilozhenie-1-specifikaciya.docx',
        format: 'docx',
        size: 1_874_000,
        sha256: 'a1b2c3d4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00',
        uploadedAt: at(1),
        stored: true,
      },
    ],
    signers: status === 'DRAFT' ? signers.map((s) => ({ ...s, state: 'WAITING', signedAt: null })) : signers,
    rejection:
      status === 'REJECTED'
        ? { identityNumber: PARTIES.person.bin, reason: 'Неверно указаны реквизиты в пункте 4.2', at: at(14) }
        : null,
    trash: status === 'TRASH' ? { trashedAt: at(20), deleteAt: at(30), daysLeft: 10 } : null,
    allowedActions: allowed[status],
  };
}

/** A document's history from creation to the first signature. */
export const SAMPLE_HISTORY: HistoryEvent[] = [
  {
    id: 1,
    type: 'CREATE',
    at: at(1, 9),
    actor: { userId: 'u-1', firstname: 'Айгерим', lastname: 'Бекова' },
    company: ACTING,
    ip: '95.56.12.4',
    details: null,
  },
  {
    id: 2,
    type: 'SEND',
    at: at(1, 10),
    actor: { userId: 'u-1', firstname: 'Айгерим', lastname: 'Бекова' },
    company: ACTING,
    ip: '95.56.12.4',
    details: null,
  },
  {
    id: 3,
    type: 'VIEW',
    at: at(2, 11),
    actor: { userId: 'u-7', firstname: 'Ержан', lastname: 'Омаров' },
    company: PARTIES.beta,
    ip: '2.134.7.80',
    details: null,
  },
  {
    id: 4,
    type: 'SIGN',
    at: at(13, 12),
    actor: { userId: 'u-7', firstname: 'Ержан', lastname: 'Омаров' },
    company: PARTIES.beta,
    ip: '2.134.7.80',
    details: null,
  },
];

/** A folder tree of the acting company. */
export const SAMPLE_FOLDERS: Folder[] = [
  { id: 1, name: 'Договоры', parentId: null, documentCount: 12, createdAt: at(1) },
  { id: 2, name: '2024', parentId: 1, documentCount: 40, createdAt: at(1) },
  { id: 3, name: '2025', parentId: 1, documentCount: 7, createdAt: at(1) },
  { id: 4, name: 'Поставщики', parentId: 3, documentCount: 3, createdAt: at(2) },
  { id: 5, name: 'Акты', parentId: null, documentCount: 0, createdAt: at(2) },
  { id: 6, name: 'Кадры', parentId: null, documentCount: 5, createdAt: at(3) },
];

/** The acting company's address book. */
export const SAMPLE_COUNTERPARTIES: Counterparty[] = Object.values(PARTIES).map((party, index) => ({
  id: index + 1,
  identityNumber: party.bin,
  nameRu: party.nameRu,
  nameKk: party.nameKk,
  emails:
    index === 0 ? ['office@beta.example.kz', 'lawyer@beta.example.kz'] : [`info@${party.bin}.example.kz`],
  createdAt: at(1),
  updatedAt: at(2),
}));
