import type { docsKk } from './kk';

/** Russian strings of the document, folder and counterparty screens. */
export const docsRu = {
  snack: {
    saved: 'Черновик сохранён',
    sent: 'Документ отправлен на подписание',
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
    tree: 'Дерево папок',
    all: 'Все папки',
    create: 'Новая папка',
    createInside: 'Новая папка в «{{name}}»',
    name: 'Название папки',
    submit: 'Создать',
    created: 'Папка «{{name}}» создана',
    empty: 'Папок пока нет. Создайте первую.',
    choose: 'Выберите папку, чтобы увидеть её документы.',
    boxes: 'Документы папки',
    loadFailed: 'Не удалось загрузить папки',
    notFound: 'Такой папки нет.',
    remove: 'Удалить папку',
    removed: 'Папка «{{name}}» удалена',
  },
  counterparties: {
    add: 'Новый контрагент',
    edit: 'Изменение контрагента',
    added: '«{{name}}» добавлен в контрагенты',
    updated: 'Контрагент «{{name}}» сохранён',
    removed: 'Контрагент «{{name}}» удалён',
  },
} satisfies typeof docsKk;
