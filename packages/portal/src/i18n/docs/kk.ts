/** Kazakh strings of the document, folder and counterparty screens (the source locale). */
export const docsKk = {
  snack: {
    saved: 'Жоба сақталды',
    sent: 'Құжат қол қоюға жіберілді',
    signed: 'Құжатқа қол қойылды',
    rejected: 'Құжат қабылданбады',
    revoked: 'Құжат кері шақырылып алынды',
    copied: 'Көшірме жасалды: ол жобаларыңызда',
    trashed: 'Құжат себетке жіберілді',
    restored: 'Құжат себеттен қалпына келтірілді',
    moved: 'Құжат «{{name}}» қалтасына жіберілді',
    movedOut: 'Құжат қалтадан шығарылды',
  },
  editor: {
    loadFailed: 'Құжатты ашу мүмкін болмады',
    toDocument: 'Құжат картасын ашу',
    retry: 'Қайталау',
  },
  preview: {
    title: 'Алдын ала қарау: {{name}}',
    close: 'Алдын ала қарауды жабу',
  },
  move: {
    title: 'Қалтаға жіберу',
    folder: 'Қалта',
    none: 'Қалтасыз',
    submit: 'Жіберу',
    cancel: 'Болдырмау',
    noFolders: 'Әзірге қалталар жоқ.',
    createFolder: 'Қалта жасау',
  },
  folders: {
    choose: 'Құжаттарын көру үшін қалтаны таңдаңыз.',
    boxes: 'Қалтадағы құжаттар',
    notFound: 'Мұндай қалта жоқ.',
  },
  counterparties: {
    added: '«{{name}}» контрагенттерге қосылды',
    updated: '«{{name}}» контрагенті сақталды',
  },
};
