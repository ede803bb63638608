// Tenant and theme schemas shared by the services and the web app (no Node-only code here).
export * from './bootstrap.schema.ts';
export * from './network.schema.ts';
export * from './theme.schema.ts';
