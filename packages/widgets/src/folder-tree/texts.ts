import type { Translations } from '@qoltanba/sdk';
import { defineTexts } from '../documents-common';

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  title: 'Қалталар',
  actions: 'Қалталармен әрекеттер',
  empty: 'Әзірге қалта жоқ',
  documents: 'Құжаттар: {{n}}',
  newFolder: 'Жаңа қалта',
  newSubfolder: 'Ішкі қалта',
  rename: 'Атын өзгерту',
  delete: 'Жою',
  nameNew: 'Жаңа қалтаның атауы',
  nameSub: '«{{parent}}» ішіндегі жаңа қалтаның атауы',
  nameRename: '«{{name}}» қалтасының жаңа атауы',
  create: 'Жасау',
  save: 'Сақтау',
  cancel: 'Болдырмау',
  confirmDelete: '«{{name}}» қалтасын жою керек пе?',
  created: '«{{name}}» қалтасы жасалды',
  renamed: 'Қалтаның жаңа атауы: «{{name}}»',
  deleted: '«{{name}}» қалтасы жойылды',
};

/** Texts of the `folderTree` namespace. */
export const folderTreeTexts = {
  kk,
  ru: {
    title: 'Папки',
    actions: 'Действия с папками',
    empty: 'Папок пока нет',
    documents: 'Документов: {{n}}',
    newFolder: 'Новая папка',
    newSubfolder: 'Вложенная папка',
    rename: 'Переименовать',
    delete: 'Удалить',
    nameNew: 'Название новой папки',
    nameSub: 'Название новой папки в «{{parent}}»',
    nameRename: 'Новое название папки «{{name}}»',
    create: 'Создать',
    save: 'Сохранить',
    cancel: 'Отмена',
    confirmDelete: 'Удалить папку «{{name}}»?',
    created: 'Папка «{{name}}» создана',
    renamed: 'Папка переименована в «{{name}}»',
    deleted: 'Папка «{{name}}» удалена',
  },
  en: {
    title: 'Folders',
    actions: 'Folder actions',
    empty: 'No folders yet',
    documents: 'Documents: {{n}}',
    newFolder: 'New folder',
    newSubfolder: 'New subfolder',
    rename: 'Rename',
    delete: 'Delete',
    nameNew: 'Name of the new folder',
    nameSub: 'Name of the new folder in “{{parent}}”',
    nameRename: 'New name of “{{name}}”',
    create: 'Create',
    save: 'Save',
    cancel: 'Cancel',
    confirmDelete: 'Delete the folder “{{name}}”?',
    created: 'Folder “{{name}}” created',
    renamed: 'Folder renamed to “{{name}}”',
    deleted: 'Folder “{{name}}” deleted',
  },
} satisfies Translations<typeof kk>;

/** The typed translate function of the `folderTree` namespace. */
export const folderTreeT = defineTexts('folderTree', folderTreeTexts);
