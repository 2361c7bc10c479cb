import type { docsKk } from './kk';

/** Russian strings of the document, folder and counterparty screens. */
export const docsRu = {
  snack: {
    saved: 'Черновик сохранён',
    sent: 'Документ отправлен на подписание',
    signed: 'Документ подписан',
    rejected: 'Документ отклонён',
    revoked: 'Документ отозван',
    copied: 'Копия создана: она в ваших черновиках',
    trashed: 'Документ перемещён в корзину',
    restored: 'Документ восстановлен из корзины',
    moved: 'Документ перемещён в папку «{{name}}»',
    movedOut: 'Документ убран из папки',
  },
  editor: {
    loadFailed: 'Не удалось открыть документ',
    toDocument: 'Открыть карточку документа',
    retry: 'Повторить',
  },
  preview: {
    title: 'Просмотр: {{name}}',
    close: 'Закрыть просмотр',
  },
  move: {
    title: 'Переместить в папку',
    folder: 'Папка',
    none: 'Без папки',
    submit: 'Переместить',
    cancel: 'Отмена',
    noFolders: 'Папок пока нет.',
    createFolder: 'Создать папку',
  },
  folders: {
    choose: 'Выберите папку, чтобы увидеть её документы.',
    boxes: 'Документы папки',
    notFound: 'Такой папки нет.',
  },
  counterparties: {
    added: '«{{name}}» добавлен в контрагенты',
    updated: 'Контрагент «{{name}}» сохранён',
  },
} satisfies typeof docsKk;
