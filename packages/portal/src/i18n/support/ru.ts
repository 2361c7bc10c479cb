import type { supportKk } from './kk';

/** Russian strings of the support inbox and the help widget. */
export const supportRu = {
  tab: 'Поддержка',
  operatorsOnly: {
    title: 'Только для операторов',
    text: 'Обращения в поддержку видят только операторы службы поддержки. Если вам нужен доступ, напишите администратору.',
  },
  statusFailed: 'Не удалось проверить права оператора',
  retry: 'Повторить',
  backToList: 'Все обращения',
  choose: 'Выберите обращение в списке, чтобы ответить.',
  reconnecting: 'Связь прервалась. Подключаемся снова…',
  liveOff: 'Новые сообщения не приходят автоматически. Обновите страницу.',
} satisfies typeof supportKk;
