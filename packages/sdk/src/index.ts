// The ticket-backend contract as code, shared by the services and the web app.
export * from './alerts/alert.schema.ts';
export * from './alerts/alert-channels.ts';
export * from './alerts/alert-client.ts';
export * from './alerts/alert-rules.ts';
export * from './contract/envelope.ts';
export * from './contract/networks.ts';
export * from './locale.schema.ts';
export * from './locales.ts';
