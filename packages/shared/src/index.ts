export * from './constants';
export * from './validation';
export * from './contracts/common';
export * from './contracts/auth';
export * from './contracts/service-types';
export * from './contracts/support';
