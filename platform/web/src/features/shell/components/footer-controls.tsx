// The footer's language and appearance choices, loaded after the first paint: they sit below the
// fold and their button and menu machinery is the heaviest part of the shell.
import Box from '@mui/material/Box';
import { AppearanceSwitch } from '../../../components/appearance-switch.tsx';
import { LanguageMenu } from './language-menu.tsx';

export default function FooterControls() {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <LanguageMenu />
      <AppearanceSwitch />
    </Box>
  );
}
