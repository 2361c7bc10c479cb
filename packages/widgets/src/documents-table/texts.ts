import type { Translations } from '@qoltanba/sdk';
import { defineTexts } from '../documents-common';

const sortOptions = (texts: {
  createdDesc: string;
  createdAsc: string;
  updatedDesc: string;
  updatedAsc: string;
  numberDesc: string;
  numberAsc: string;
  nameAsc: string;
  nameDesc: string;
}) => ({
  createdAt: { desc: texts.createdDesc, asc: texts.createdAsc },
  updatedAt: { desc: texts.updatedDesc, asc: texts.updatedAsc },
  number: { desc: texts.numberDesc, asc: texts.numberAsc },
  name: { asc: texts.nameAsc, desc: texts.nameDesc },
});

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  filters: 'Сүзгі',
  search: 'Іздеу',
  searchHint: 'Атауы, нөмірі немесе контрагент',
  sort: 'Сұрыптау',
  sortOption: sortOptions({
    createdDesc: 'Алдымен жаңалары',
    createdAsc: 'Алдымен ескілері',
    updatedDesc: 'Соңғы өзгертілгендер',
    updatedAsc: 'Ертерек өзгертілгендер',
    numberDesc: 'Нөмірі бойынша, кемуі',
    numberAsc: 'Нөмірі бойынша, өсуі',
    nameAsc: 'Атауы бойынша, А–Я',
    nameDesc: 'Атауы бойынша, Я–А',
  }),
  column: {
    number: '№',
    name: 'Атауы',
    counterparties: 'Контрагенттер',
    status: 'Мәртебесі',
    created: 'Жасалған күні',
    updated: 'Өзгертілген күні',
    deletion: 'Жойылады',
  },
  files: 'Файлдар: {{n}}',
  empty: 'Мұнда әзірге құжат жоқ',
  nothingFound: '«{{q}}» бойынша ештеңе табылмады',
  shown: 'Көрсетілді: {{n}}',
  loadMore: 'Тағы жүктеу',
  loadingMore: 'Жүктелуде…',
};

/** Texts of the `documentsTable` namespace. */
export const documentsTableTexts = {
  kk,
  ru: {
    filters: 'Фильтр',
    search: 'Поиск',
    searchHint: 'Название, номер или контрагент',
    sort: 'Сортировка',
    sortOption: sortOptions({
      createdDesc: 'Сначала новые',
      createdAsc: 'Сначала старые',
      updatedDesc: 'Недавно изменённые',
      updatedAsc: 'Давно изменённые',
      numberDesc: 'По номеру, по убыванию',
      numberAsc: 'По номеру, по возрастанию',
      nameAsc: 'По названию, А–Я',
      nameDesc: 'По названию, Я–А',
    }),
    column: {
      number: '№',
      name: 'Название',
      counterparties: 'Контрагенты',
      status: 'Статус',
      created: 'Создан',
      updated: 'Изменён',
      deletion: 'Удаление',
    },
    files: 'Файлов: {{n}}',
    empty: 'Здесь пока нет документов',
    nothingFound: 'По запросу «{{q}}» ничего не найдено',
    shown: 'Показано: {{n}}',
    loadMore: 'Загрузить ещё',
    loadingMore: 'Загрузка…',
  },
  en: {
    filters: 'Filter',
    search: 'Search',
    searchHint: 'Name, number or counterparty',
    sort: 'Sort',
    sortOption: sortOptions({
      createdDesc: 'Newest first',
      createdAsc: 'Oldest first',
      updatedDesc: 'Recently changed',
      updatedAsc: 'Least recently changed',
      numberDesc: 'Number, high to low',
      numberAsc: 'Number, low to high',
      nameAsc: 'Name, A–Z',
      nameDesc: 'Name, Z–A',
    }),
    column: {
      number: 'No.',
      name: 'Name',
      counterparties: 'Counterparties',
      status: 'Status',
      created: 'Created',
      updated: 'Changed',
      deletion: 'Deleted',
    },
    files: 'Files: {{n}}',
    empty: 'No documents here yet',
    nothingFound: 'Nothing found for “{{q}}”',
    shown: 'Shown: {{n}}',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
  },
} satisfies Translations<typeof kk>;

/** The typed translate function of the `documentsTable` namespace. */
export const documentsTableT = defineTexts('documentsTable', documentsTableTexts);
