// The footer's language and appearance choices, loaded after the first paint: they sit below the
// fold and their button and menu machinery is the heaviest part of the shell.

import { AppearanceSwitch } from '../../../components/appearance-switch.tsx';
import { ReadyControls } from '../../../components/ready-controls.tsx';
import { LanguageMenu } from './language-menu.tsx';

export default function FooterControls() {
  return (
    <ReadyControls sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <LanguageMenu />
      <AppearanceSwitch />
    </ReadyControls>
  );
}
