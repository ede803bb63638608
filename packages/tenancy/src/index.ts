// Tenant and theme schemas and pure helpers shared by the services and the web app (no Node-only code).
export * from './bootstrap.schema.ts';
export * from './bootstrap-constants.ts';
export * from './catalogue.schema.ts';
export * from './catalogue-answer.ts';
export * from './contrast.ts';
export * from './identity-providers.ts';
export * from './network.schema.ts';
export * from './network-configuration.ts';
export * from './registry.ts';
export * from './seller.schema.ts';
export * from './theme.schema.ts';
export * from './theme-resolve.ts';
export type * from './types.ts';
