export * from './platform.ts';
export * from './system.ts';
export * from './user.ts';
export * from './account.ts';
export * from './message.ts';
export * from './lecturer.ts';
export * from './feedback.ts';
