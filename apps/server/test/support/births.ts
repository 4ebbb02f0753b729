/** Two paipan bodies the chart, grounding and 合婚 tests share: a man born in Beijing and a woman born in Guangzhou. */
export const me = {
  year: '2008',
  month: '08',
  day: '08',
  hour: '20',
  minute: '00',
  gender: 'male',
  calendarType: 'solar',
  birth_place: '北京北京',
};
export const her = {
  year: '1990',
  month: '05',
  day: '09',
  hour: '08',
  minute: '05',
  gender: 'female',
  calendarType: 'solar',
  birth_place: '广东广州',
};
