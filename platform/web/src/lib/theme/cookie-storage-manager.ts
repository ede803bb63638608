// Keeps MUI's colour mode in the appearance cookie (LIGHT / DARK / SYSTEM) instead of localStorage.
import type { StorageManager } from '@mui/system/cssVars';
import { readAppearanceCookie, writeAppearanceCookie } from '../cookies.ts';

const MODE_TO_APPEARANCE = { light: 'LIGHT', dark: 'DARK', system: 'SYSTEM' } as const;
const APPEARANCE_TO_MODE = { LIGHT: 'light', DARK: 'dark', SYSTEM: 'system' } as const;

/** The mode is stored in the cookie; the per-scheme keys are fixed by the theme, so not stored. */
export const cookieStorageManager: StorageManager = ({ key }) => {
  const isMode = key.endsWith('mode');
  return {
    get(defaultValue) {
      return isMode ? APPEARANCE_TO_MODE[readAppearanceCookie()] : defaultValue;
    },
    set(value: unknown) {
      if (isMode && (value === 'light' || value === 'dark' || value === 'system'))
        writeAppearanceCookie(MODE_TO_APPEARANCE[value]);
    },
    subscribe() {
      return () => {};
    },
  };
};

export { APPEARANCE_TO_MODE, MODE_TO_APPEARANCE };
