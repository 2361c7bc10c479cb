/** Kazakh strings of the support inbox and the help widget (the source locale of their shape). */
export const supportKk = {
  tab: 'Қолдау',
  operatorsOnly: {
    title: 'Тек операторлар үшін',
    text: 'Қолдау сөйлесулерін тек қолдау қызметінің операторлары көреді. Рұқсат керек болса, әкімшіге жазыңыз.',
  },
  statusFailed: 'Оператор рұқсатын тексеру мүмкін болмады',
  retry: 'Қайталау',
  backToList: 'Барлық сөйлесулер',
  choose: 'Жауап беру үшін тізімнен сөйлесуді таңдаңыз.',
  reconnecting: 'Байланыс үзілді. Қайта қосылуда…',
  liveOff: 'Жаңа хабарламалар автоматты түрде келмейді. Бетті жаңартыңыз.',
};
