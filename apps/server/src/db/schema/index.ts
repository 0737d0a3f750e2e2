export * from './platform.ts';
export * from './system.ts';
export * from './user.ts';
