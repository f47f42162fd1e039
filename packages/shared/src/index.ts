export * from './messages.ts';
export * from './text.ts';
export * from './errors.ts';
export * from './settings.ts';
export * from './contact.ts';
export * from './newsletter.ts';
export * from './reference/index.ts';
