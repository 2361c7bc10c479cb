import { type Lang, SUPPORT_ATTACHMENT_MAX_BYTES } from '@qoltanba/core';

const MB = SUPPORT_ATTACHMENT_MAX_BYTES / (1024 * 1024);

// Source locale: Kazakh; the other languages must have the same keys (the type says so).
const kk = {
  title: 'Қалай көмектесе аламыз?',
  close: 'Жабу',
  helpPage: 'Анықтама орталығы',
  whatsapp: 'WhatsApp-қа жазу',
  telegram: 'Telegram-ға жазу',
  newTab: '(жаңа бетте ашылады)',
  chat: 'Онлайн-чат',
  empty: 'Сұрағыңызды жазыңыз, біз осында жауап береміз',
  message: 'Хабарлама',
  send: 'Жіберу',
  attach: `Файл тіркеу (сурет немесе PDF, ${MB} МБ дейін)`,
  you: 'Сіз',
  support: 'Қолдау қызметі',
  closed: 'Сөйлесу жабылды. Жаңасын бастау үшін жазыңыз',
  uploading: '{name} жіберілуде',
  download: '{name} жүктеп алу',
  dismiss: 'Жасыру',
  loading: 'Жүктелуде…',
  retry: 'Қайталау',
  earlier: 'Бұрынғы хабарламалар',
};

/** The panel's own words; error texts come from core's catalogue. */
export type PanelTexts = typeof kk;

/** The panel's texts in each language. */
export const PANEL_TEXTS: Record<Lang, PanelTexts> = {
  kk,
  ru: {
    title: 'Чем мы можем помочь?',
    close: 'Закрыть',
    helpPage: 'Справочный центр',
    whatsapp: 'Написать в WhatsApp',
    telegram: 'Написать в Telegram',
    newTab: '(откроется в новой вкладке)',
    chat: 'Онлайн-чат',
    empty: 'Напишите свой вопрос, мы ответим здесь',
    message: 'Сообщение',
    send: 'Отправить',
    attach: `Прикрепить файл (изображение или PDF, до ${MB} МБ)`,
    you: 'Вы',
    support: 'Поддержка',
    closed: 'Разговор завершён. Напишите, чтобы начать новый',
    uploading: 'Отправляется {name}',
    download: 'Скачать {name}',
    dismiss: 'Скрыть',
    loading: 'Загрузка…',
    retry: 'Повторить',
    earlier: 'Предыдущие сообщения',
  },
  en: {
    title: 'How can we help?',
    close: 'Close',
    helpPage: 'Help centre',
    whatsapp: 'Write on WhatsApp',
    telegram: 'Write on Telegram',
    newTab: '(opens in a new tab)',
    chat: 'Online chat',
    empty: 'Write your question and we will answer here',
    message: 'Message',
    send: 'Send',
    attach: `Attach a file (image or PDF, up to ${MB} MB)`,
    you: 'You',
    support: 'Support',
    closed: 'This conversation is closed. Write to start a new one',
    uploading: 'Sending {name}',
    download: 'Download {name}',
    dismiss: 'Dismiss',
    loading: 'Loading…',
    retry: 'Try again',
    earlier: 'Earlier messages',
  },
};
