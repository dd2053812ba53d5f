import type { Language } from '../../../common/domain/languages';

/**
 * The words of the sample semester (issue 34 item 6, docs/decisions/178): names of the term, classes,
 * rooms, holidays, tasks and assessments in each of the six languages. Typed from English, so a missing
 * string is a compile error; sample-data-strings.unit.test.ts checks that none is empty or left in English.
 * Classes are listed in the service's order (credits, colours and time slots live there). The foreign
 * language class is a language other than the student's own, the writing class is in their own.
 */
export type SampleCourseStrings = { name: string; instructor: string; room: string };

export type SampleStrings = {
  term: string;
  /** Calculus, chemistry, history, writing, programming, a foreign language. */
  courses: readonly [
    SampleCourseStrings,
    SampleCourseStrings,
    SampleCourseStrings,
    SampleCourseStrings,
    SampleCourseStrings,
    SampleCourseStrings,
  ];
  holidays: { readingWeek: string; foundersDay: string };
  tasks: {
    problemSet: string;
    midtermRevision: string;
    midtermRevisionNotes: string;
    groupSlides: string;
    vocabularyQuiz: string;
    labReport: string;
    weeklyReading: string;
  };
  assessments: { problemSet: string; midterm: string; labReport: string; weeklyQuiz: string; final: string };
};

const en: SampleStrings = {
  term: 'Current term',
  courses: [
    { name: 'Calculus II', instructor: 'Dr. Ada Park', room: 'Math 204' },
    { name: 'Organic Chemistry', instructor: 'Prof. Luis Ortega', room: 'Science Hall 110' },
    { name: 'World History', instructor: 'Dr. Mei Tanaka', room: 'Humanities 3B' },
    { name: 'English Composition', instructor: 'Ms. Grace Okafor', room: 'Library 201' },
    { name: 'Intro to Programming', instructor: 'Mr. Sam Novak', room: 'Tech Lab 5' },
    { name: 'Spanish I', instructor: 'Sra. Elena Ruiz', room: 'Languages 12' },
  ],
  holidays: { readingWeek: 'Reading week', foundersDay: 'Founders’ Day' },
  tasks: {
    problemSet: 'Problem set 4: integration by parts',
    midtermRevision: 'Midterm revision: cell biology',
    midtermRevisionNotes: 'Chapters 3–6, past papers 2023 and 2024.',
    groupSlides: 'Group presentation slides',
    vocabularyQuiz: 'Vocabulary quiz, unit 7',
    labReport: 'Lab report: titration',
    weeklyReading: 'Weekly reading: one chapter of the set novel',
  },
  assessments: {
    problemSet: 'Problem set 1',
    midterm: 'Midterm exam',
    labReport: 'Lab report',
    weeklyQuiz: 'Weekly quiz',
    final: 'Final exam',
  },
};

const es: SampleStrings = {
  term: 'Cuatrimestre actual',
  courses: [
    { name: 'Cálculo II', instructor: 'Dra. Ada Park', room: 'Matemáticas 204' },
    { name: 'Química orgánica', instructor: 'Prof. Luis Ortega', room: 'Edificio de Ciencias 110' },
    { name: 'Historia universal', instructor: 'Dra. Mei Tanaka', room: 'Humanidades 3B' },
    { name: 'Redacción en español', instructor: 'Sra. Grace Okafor', room: 'Biblioteca 201' },
    { name: 'Introducción a la programación', instructor: 'Sr. Sam Novak', room: 'Laboratorio de Informática 5' },
    { name: 'Inglés I', instructor: 'Sra. Elena Ruiz', room: 'Idiomas 12' },
  ],
  holidays: { readingWeek: 'Semana de estudio', foundersDay: 'Día de la Fundación' },
  tasks: {
    problemSet: 'Hoja de problemas 4: integración por partes',
    midtermRevision: 'Repaso para el parcial: biología celular',
    midtermRevisionNotes: 'Capítulos 3–6, exámenes de 2023 y 2024.',
    groupSlides: 'Diapositivas de la presentación en grupo',
    vocabularyQuiz: 'Prueba de vocabulario, unidad 7',
    labReport: 'Informe de laboratorio: valoración',
    weeklyReading: 'Lectura semanal: un capítulo de la novela del curso',
  },
  assessments: {
    problemSet: 'Hoja de problemas 1',
    midterm: 'Examen parcial',
    labReport: 'Informe de laboratorio',
    weeklyQuiz: 'Prueba semanal',
    final: 'Examen final',
  },
};

const fr: SampleStrings = {
  term: 'Semestre en cours',
  courses: [
    { name: 'Analyse II', instructor: 'Dr Ada Park', room: 'Mathématiques 204' },
    { name: 'Chimie organique', instructor: 'Pr Luis Ortega', room: 'Bâtiment des sciences 110' },
    { name: 'Histoire mondiale', instructor: 'Dr Mei Tanaka', room: 'Lettres et sciences humaines 3B' },
    { name: 'Expression écrite', instructor: 'Mme Grace Okafor', room: 'Bibliothèque 201' },
    { name: 'Introduction à la programmation', instructor: 'M. Sam Novak', room: 'Salle informatique 5' },
    { name: 'Espagnol I', instructor: 'Mme Elena Ruiz', room: 'Langues 12' },
  ],
  holidays: { readingWeek: 'Semaine de révisions', foundersDay: 'Journée de la fondation' },
  tasks: {
    problemSet: 'Série d’exercices 4 : intégration par parties',
    midtermRevision: 'Révisions du partiel : biologie cellulaire',
    midtermRevisionNotes: 'Chapitres 3 à 6, annales 2023 et 2024.',
    groupSlides: 'Diapositives de l’exposé de groupe',
    vocabularyQuiz: 'Interrogation de vocabulaire, unité 7',
    labReport: 'Compte rendu de TP : titrage',
    weeklyReading: 'Lecture hebdomadaire : un chapitre du roman au programme',
  },
  assessments: {
    problemSet: 'Série d’exercices 1',
    midterm: 'Partiel',
    labReport: 'Compte rendu de TP',
    weeklyQuiz: 'Interrogation hebdomadaire',
    final: 'Examen final',
  },
};

const de: SampleStrings = {
  term: 'Aktuelles Semester',
  courses: [
    { name: 'Analysis II', instructor: 'Dr. Ada Park', room: 'Mathematik 204' },
    { name: 'Organische Chemie', instructor: 'Prof. Luis Ortega', room: 'Naturwissenschaften 110' },
    { name: 'Weltgeschichte', instructor: 'Dr. Mei Tanaka', room: 'Geisteswissenschaften 3B' },
    { name: 'Schreibwerkstatt Deutsch', instructor: 'Frau Grace Okafor', room: 'Bibliothek 201' },
    { name: 'Einführung in die Programmierung', instructor: 'Herr Sam Novak', room: 'Informatiklabor 5' },
    { name: 'Spanisch I', instructor: 'Frau Elena Ruiz', room: 'Sprachen 12' },
  ],
  holidays: { readingWeek: 'Lernwoche', foundersDay: 'Gründungstag' },
  tasks: {
    problemSet: 'Übungsblatt 4: partielle Integration',
    midtermRevision: 'Wiederholung für die Zwischenprüfung: Zellbiologie',
    midtermRevisionNotes: 'Kapitel 3–6, Altklausuren 2023 und 2024.',
    groupSlides: 'Folien für die Gruppenpräsentation',
    vocabularyQuiz: 'Vokabeltest, Lektion 7',
    labReport: 'Laborbericht: Titration',
    weeklyReading: 'Wöchentliche Lektüre: ein Kapitel der Pflichtlektüre',
  },
  assessments: {
    problemSet: 'Übungsblatt 1',
    midterm: 'Zwischenprüfung',
    labReport: 'Laborbericht',
    weeklyQuiz: 'Wöchentlicher Test',
    final: 'Abschlussprüfung',
  },
};

const zh: SampleStrings = {
  term: '本学期',
  courses: [
    { name: '微积分 II', instructor: '李明 博士', room: '数学楼 204' },
    { name: '有机化学', instructor: '陈华 教授', room: '理科楼 110' },
    { name: '世界历史', instructor: '张丽 博士', room: '人文楼 3B' },
    { name: '中文写作', instructor: '刘芳 老师', room: '图书馆 201' },
    { name: '程序设计导论', instructor: '赵强 老师', room: '计算机实验室 5' },
    { name: '英语 I', instructor: '王静 老师', room: '外语楼 12' },
  ],
  holidays: { readingWeek: '复习周', foundersDay: '校庆日' },
  tasks: {
    problemSet: '习题集 4：分部积分',
    midtermRevision: '期中复习：细胞生物学',
    midtermRevisionNotes: '第 3–6 章，2023 年和 2024 年真题。',
    groupSlides: '小组展示幻灯片',
    vocabularyQuiz: '词汇小测，第 7 单元',
    labReport: '实验报告：滴定',
    weeklyReading: '每周阅读：指定小说的一章',
  },
  assessments: { problemSet: '习题集 1', midterm: '期中考试', labReport: '实验报告', weeklyQuiz: '每周小测', final: '期末考试' },
};

const ja: SampleStrings = {
  term: '今学期',
  courses: [
    { name: '微分積分学 II', instructor: '山田 彩 教授', room: '数学棟 204' },
    { name: '有機化学', instructor: '小川 類 教授', room: '理学棟 110' },
    { name: '世界史', instructor: '田中 芽衣 准教授', room: '人文棟 3B' },
    { name: '日本語作文', instructor: '岡田 恵 先生', room: '図書館 201' },
    { name: 'プログラミング入門', instructor: '野田 翔 先生', room: '情報演習室 5' },
    { name: '英語 I', instructor: '森 絵里 先生', room: '語学棟 12' },
  ],
  holidays: { readingWeek: '学習週間', foundersDay: '創立記念日' },
  tasks: {
    problemSet: '演習問題 4：部分積分',
    midtermRevision: '中間試験の復習：細胞生物学',
    midtermRevisionNotes: '第 3〜6 章、2023 年と 2024 年の過去問。',
    groupSlides: 'グループ発表のスライド',
    vocabularyQuiz: '単語小テスト（第 7 課）',
    labReport: '実験レポート：滴定',
    weeklyReading: '毎週の読書：課題の小説を 1 章',
  },
  assessments: { problemSet: '演習問題 1', midterm: '中間試験', labReport: '実験レポート', weeklyQuiz: '週次小テスト', final: '期末試験' },
};

export const SAMPLE_STRINGS: Readonly<Record<Language, SampleStrings>> = Object.freeze({ en, es, fr, de, zh, ja });
