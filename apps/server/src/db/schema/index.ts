export * from './users';
export * from './sms';
export * from './catalog';
export * from './support';
