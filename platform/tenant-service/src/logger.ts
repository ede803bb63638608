// The service's logger: pino JSON lines (no pretty printer), level from the environment.
import { type Logger, serviceLoggerFactory } from '@transit-shop/service-kit/logger';

export type { Logger };

export const createLogger = serviceLoggerFactory('tenant-service');
