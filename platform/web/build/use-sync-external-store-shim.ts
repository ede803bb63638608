// Stands in for use-sync-external-store's shim in production builds: on React 19 the shim hands out React's own hook.
export { useSyncExternalStore } from 'react';
