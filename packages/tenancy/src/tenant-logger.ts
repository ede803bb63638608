// What the tenant store and watcher ask of a logger: the services pass their pino logger.
export type TenantLogger = {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
};
