// The pages of signing in and out, registration, password reset and account verification.
import type { RouteObject } from 'react-router';

export const authRoutes: RouteObject[] = [];
