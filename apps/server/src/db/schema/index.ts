export * from './users';
export * from './sms';
export * from './catalog';
export * from './support';
export * from './chat';
export * from './bazi';
export * from './payments';
export * from './wechat';
