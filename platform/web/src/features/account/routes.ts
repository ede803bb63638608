// The pages of the account area: profile, travellers, credentials, appearance, deletion.
import type { RouteObject } from 'react-router';

export const accountRoutes: RouteObject[] = [];
