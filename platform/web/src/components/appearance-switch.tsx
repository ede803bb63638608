// Light, dark or system appearance, kept in the theme cookie (spec 01 §9).
import { useColorScheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

const MODES = ['light', 'dark', 'system'] as const;

export function AppearanceSwitch() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mode ?? 'system'}
      aria-label={t('shell.appearance.label')}
      onChange={(_event, value: (typeof MODES)[number] | null) => {
        if (value) setMode(value);
      }}
    >
      {MODES.map((value) => (
        <ToggleButton key={value} value={value}>
          {t(`shell.appearance.${value}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
